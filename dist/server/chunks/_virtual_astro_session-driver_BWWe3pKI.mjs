// \0virtual:astro:session-driver
var _virtual_astro_session_driver_default = null;
export { _virtual_astro_session_driver_default as default };
