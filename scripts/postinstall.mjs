// Runs under a Node that node-bootstrap.cjs accepts (with-node.cjs fetched Node 24 if needed).
// Nothing to build today: this only tells the newcomer which Node the scripts will use.
console.log(`socialdesk: scripts run with Node ${process.version}`);
