// The token screen as a section of the account's settings (decision record 067), unchanged.
export { default, generateMetadata } from "@/app/(signed-in)/admin/tokens/page";
