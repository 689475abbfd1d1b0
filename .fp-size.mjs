import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const pages = ["index.html","blog.html","blog/sd-wan-vs-mpls.html","blog/wifi-outdoor-event.html","blog/starlink-for-business.html","blog/voip-migration-checklist.html","blog/business-internet-failover.html","blog/ip-camera-security-guide.html","blog/small-business-website-essentials.html","greenville-voip.html"];
for (const p of pages) {
  const row = [p];
  for (const d of ["dist","dist-fp"]) {
    const b = readFileSync(`${d}/client/${p}`);
    row.push(brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  }
  console.log(row.join("\t"), row[2]-row[1]);
}
