import { useParams } from 'react-router';
import { useCompany } from '@/features/pages/api/get-config';
import { PhoneUploadScreen } from '@/features/photo-intake/components/phone-upload-screen';

/** `/upload/:encodedUrl`: the phone's upload page, opened from the kiosk's QR code. */
export function UploadRoute() {
  const encodedUrl = useParams().encodedUrl ?? '';
  const { company } = useCompany();
  return <PhoneUploadScreen encodedUrl={encodedUrl} company={company} />;
}
