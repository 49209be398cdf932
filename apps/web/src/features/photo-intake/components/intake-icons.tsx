import { Icon, type IconProps } from '@/components/ui/icons';

export const CloudUploadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 18.5H6.5a4.5 4.5 0 0 1-.9-8.9 6 6 0 0 1 11.6-1.4A5 5 0 0 1 17.5 18.5H17" />
    <path d="M12 20.5v-8M8.75 15.25 12 12l3.25 3.25" />
  </Icon>
);

export const CameraIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 8.5A1.5 1.5 0 0 1 5.5 7h2l1.5-2.5h6L16.5 7h2A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5Z" />
    <circle cx="12" cy="12.75" r="3.25" />
  </Icon>
);

export const ImageIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.75" />
    <path d="m20.5 16-4.5-4.5-8.5 8" />
  </Icon>
);

export const CheckCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="m7.75 12.25 2.75 2.75 5.75-6" />
  </Icon>
);

export const QrIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h2v2h-2zM18 14h2M14 20h2M18 18v2h2M16 16v2h2" />
  </Icon>
);
