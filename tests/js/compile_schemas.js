// Compile every JSON Schema file of a folder with Ajv (draft 2020-12) in strict mode, as a platform may.
// Usage: node compile_schemas.js FOLDER
// Every file is registered first, so "common.json#/..." resolves among them without a network. Prints one JSON
// object: each file's name (without .json) and null when it compiled, else Ajv's message. Exit 0 when every file
// compiled, 1 when one did not, 2 on bad usage.
"use strict";

const fs = require("fs");
const path = require("path");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const folder = process.argv[2];
if (!folder || process.argv.length !== 3) {
  console.error("usage: node compile_schemas.js FOLDER");
  process.exit(2);
}
const names = fs.readdirSync(folder).filter((f) => f.endsWith(".json")).sort();
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const schemas = {};
for (const file of names) {
  const schema = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));
  schemas[file.slice(0, -5)] = schema;
  ajv.addSchema(schema);
}
const results = {};
for (const [name, schema] of Object.entries(schemas)) {
  try {
    ajv.getSchema(schema.$id);
    results[name] = null;
  } catch (err) {
    results[name] = String(err.message || err);
  }
}
console.log(JSON.stringify(results));
process.exit(Object.values(results).every((r) => r === null) ? 0 : 1);
