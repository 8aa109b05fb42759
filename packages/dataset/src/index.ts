/** The dataset pipeline (see data/README.md for the output format). */
export { build, DISTRICT_COLUMNS, OVERLAP_COLUMNS, ZIP_COLUMNS, type BuildOptions, type BuildResult } from "./build.ts";
export { InputError } from "./errors.ts";
export { writeOutputs } from "./write.ts";
export { chooseDistrict, districtLevel, zipShares } from "./shares.ts";
export { rate, outcomes, edfactsMidpoint, RATING_METHOD } from "./rating.ts";
export { readDistrictBoundaries, readZctaBoundaries, bboxOf, BOUNDARY_LEVELS, type BoundaryLevel, type DistrictBoundary, type ZctaBoundary, type MultiPolygon } from "./boundaries.ts";
export { PolygonIndex } from "./polygon-index.ts";
