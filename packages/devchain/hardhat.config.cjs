// Config for the `hardhat node` child process started by src/evm/hardhat-process.ts.
// CommonJS because Hardhat 2 loads its config with require() and this package is "type": "module".
// Settings arrive through environment variables so one file serves every port/interval combination.
const fs = require('node:fs');
const path = require('node:path');

const buildDir = path.join(__dirname, 'build', 'hardhat');
// Hardhat's default sources folder would be ./contracts, whose DevToken.sol Hardhat would try to compile
// with a downloaded compiler; we compile with the solc npm package instead, so Hardhat gets an empty folder.
const emptySources = path.join(buildDir, 'no-sources');
fs.mkdirSync(emptySources, { recursive: true });

// The parent's 'exit' handler cannot run when it is killed by a signal (SIGTERM, SIGKILL); our stdin pipe
// closes however the parent dies, so exiting on its end guarantees no orphaned node keeps the port.
if (process.env.DEVCHAIN_EXIT_WITH_PARENT === 'true') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

const intervalMs = Number(process.env.DEVCHAIN_BLOCK_INTERVAL_MS ?? '0');

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  paths: {
    root: __dirname,
    sources: emptySources,
    cache: path.join(buildDir, 'cache'),
    artifacts: path.join(buildDir, 'artifacts'),
  },
  networks: {
    hardhat: {
      chainId: 56,
      // A block per transaction, plus (interval > 0) an empty block every `interval` ms so the chain keeps moving.
      mining: { auto: true, interval: intervalMs },
    },
  },
};
