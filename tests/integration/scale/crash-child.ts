// A child process of crash.test.ts: on the PostgreSQL store at argv[2], writes admin-request-like
// rows (request + Idempotency-Key in one transaction) and bookings (consultation + appointment
// of a free slot in one transaction) in 8 parallel loops, printing "ACK <kind> <id>" only after
// the store's tx() resolved (the moment the server would answer 2xx). Runs until killed.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, postgresStore } from '../../../server/store/index.js';

const store = postgresStore(process.argv[2]!, { max: 8 });
const slots = process.argv[3]!.split(',');
const name = process.argv[4]!;
const now = new Date().toISOString();

async function request(): Promise<void> {
  const id = randomUUID();
  await store.tx(async (tx) => {
    await tx.run('INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, 201, ?, ?) ON CONFLICT (key) DO NOTHING', [
      `${name}:${id}`,
      'h',
      `{"id":"${id}"}`,
      now,
    ]);
    await tx.run(
      "INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, 'ADMIN_REQUEST', 'OTHER_ENQUIRY', 'NEW', ?, ?, NULL, 3)",
      [id, now, '{}'],
    );
  });
  process.stdout.write(`ACK request ${id}\n`);
}

async function booking(): Promise<void> {
  const id = randomUUID();
  const slot = slots[Math.floor(Math.random() * slots.length)]!;
  try {
    await store.tx(async (tx) => {
      const consultation = randomUUID();
      await tx.run("INSERT INTO appt_consultations (id, request_type, created_at) VALUES (?, 'CONSULTATION', ?)", [consultation, now]);
      await tx.run(
        "INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, booked_at, updated_at, online) VALUES (?, ?, ?, '{}', ?, 'BOOKED', '[]', ?, ?, 1)",
        [id, consultation, `${name}:${id}`, slot, now, now],
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return; // the slot is taken: a 409, not acknowledged
    throw error;
  }
  process.stdout.write(`ACK booking ${id}\n`);
}

async function loop(): Promise<never> {
  for (let i = 0; ; i++) await (i % 3 === 2 ? booking() : request());
}

process.stdout.write('READY\n');
await Promise.all(Array.from({ length: 8 }, loop));
