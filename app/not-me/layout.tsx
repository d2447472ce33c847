// The signed-out screens' card, outside app/auth (whose pages are the auth actions' own).
export { default } from "@/app/auth/layout";
