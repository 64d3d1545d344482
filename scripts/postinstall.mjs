// Runs under Node >= 22.12 (with-node.cjs fetched it if the machine's Node is older).
// Nothing to build today: this only tells the newcomer which Node the scripts will use.
console.log(`socialdesk: scripts run with Node ${process.version}`);
