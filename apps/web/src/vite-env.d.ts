/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_REQUEST_SIGN_SECRET?: string;
  readonly VITE_SWAP_URL?: string;
}
