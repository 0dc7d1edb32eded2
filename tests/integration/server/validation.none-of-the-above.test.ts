// "None of the above" is exclusive on the server too: an admin request that ticks it together
// with another option is refused with a 400 saying so, and nothing is stored.
import { afterEach, describe, expect, it } from 'vitest';
import { NONE_OF_THE_ABOVE } from '../../../renderer/core/index';
import { ADMIN_URL, AMELIA, STAFF_AUTH, startServer, type Json, type TestServer } from '../support/helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

function travel(vaccinationList: string[]): Record<string, unknown> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return {
    formType: 'TRAVEL_RISK_FORM',
    triageRequestType: 'TRAVEL_RISK_FORM',
    submittedDate: new Date().toISOString(),
    patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    departureDate: day(30),
    returnDate: day(44),
    tripDescription: 'Two weeks in Kenya',
    hadSeriousReactionToVaccine: false,
    havingInjectionMakesPatientFaint: false,
    closeFamilyMemberHasEpilepsy: false,
    historyOfMentalIllness: false,
    undergoneImmunosuppressiveTreatment: false,
    informedInsuranceOfMedicalCondition: false,
    vaccinationList,
    ...(vaccinationList.includes('Influenza (flu)') ? { yearOfInfluenzaVaccination: new Date().getFullYear() - 1 } : {}),
  };
}

describe('None of the above on the server', () => {
  it('is refused with another option (400 naming the field and saying why); on its own it is stored', async () => {
    server = await startServer();
    const both = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: travel([NONE_OF_THE_ABOVE, 'Influenza (flu)']) });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('vaccinationList');
    expect(both.body).toContain('Please select \\"None of the above\\" on its own, or the options that apply without it.');
    const stored = () => server!.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH });
    expect((await stored()).json()).toEqual([]);

    const alone = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: travel([NONE_OF_THE_ABOVE]) });
    expect(alone.statusCode, alone.body).toBe(201);
    const [request] = (await stored()).json() as Json[];
    expect(request!.body.vaccinationList).toEqual([NONE_OF_THE_ABOVE]);
  });
});
