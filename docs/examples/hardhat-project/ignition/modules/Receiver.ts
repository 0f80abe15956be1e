export { default } from "attestkit/ignition";
