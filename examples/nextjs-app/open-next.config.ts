// OpenNext options for this app (read by `open-next build`).
const config = {
  default: {},
};

export default config;
