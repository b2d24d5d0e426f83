// The component's folder entry.
export { FilePicker } from './FilePicker.tsx';
