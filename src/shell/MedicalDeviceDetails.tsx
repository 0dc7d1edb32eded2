import { SummaryList } from 'nhsuk-react-components';
import type { MedicalDeviceClassification } from '../settings/types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date of the settings ("2025-01-15") in the product's display format, DD MMM YYYY ("15 Jan 2025"); anything else as given. */
function displayDate(value: string | undefined): string | undefined {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${match[3]} ${month} ${match[1]}` : value;
}

/** The medical-device information of the patient-app settings, shown in the footer's modal (MedicalDeviceInfo). */
export default function MedicalDeviceDetails({ info }: { info: Partial<MedicalDeviceClassification> }) {
  const company: Partial<MedicalDeviceClassification['companyDetails']> = info.companyDetails ?? {};
  const rows: [string, string | undefined][] = [
    ['Product', info.appName],
    ['Version', info.appVersion],
    ['Date of manufacture', displayDate(info.releaseDate)],
    ['Manufacturer', [company.name, company.address].filter(Boolean).join(', ') || undefined],
    ['Manufacturer telephone', company.telephone],
    ['Manufacturer email', company.email],
    ['Intended purpose', info.intendedPurpose],
  ];
  return (
    <>
      <SummaryList>
        {rows.map(([label, value]) => (
          <SummaryList.Row key={label}>
            <SummaryList.Key>{label}</SummaryList.Key>
            <SummaryList.Value>{value ?? 'Not available'}</SummaryList.Value>
          </SummaryList.Row>
        ))}
      </SummaryList>
      {info.warnings && info.warnings.length > 0 ? (
        <>
          <h3 className="nhsuk-heading-s">Warnings</h3>
          <ul>
            {info.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
