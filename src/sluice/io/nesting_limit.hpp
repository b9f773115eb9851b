#pragma once
// How deep dictionaries `{ }` and lists `( )` / `[ ]` may nest in an input
// file. The readers recurse (or build recursive structures) per level; the
// limit turns a pathological file into an error instead of a stack overflow.
// OpenFOAM cases nest a handful of levels.
namespace sluice::io {

inline constexpr int kMaxNestingDepth = 256;

}  // namespace sluice::io
