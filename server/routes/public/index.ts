import { signUpRoutes } from "./signup.js";

/** The community's public writes that need no session: sign-up. */
export default signUpRoutes;
