/** pilens' version, as `pilens --version` and the MCP server's handshake say it (a test holds it equal to package.json's). */
export const PILENS_VERSION = "0.1.0";
