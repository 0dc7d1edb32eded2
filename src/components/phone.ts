// The app's phone formatting is renderer/core's (the server formats the practice's number with it too).
export { nationalPhone } from '../../renderer/core/index';
