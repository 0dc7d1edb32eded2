// The app's phone formatting is the shared rules' (the server formats the practice's number with it too).
export { nationalPhone } from '../../common';
