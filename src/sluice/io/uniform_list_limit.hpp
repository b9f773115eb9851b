#pragma once
// How many entries a uniform list `N{v}` may expand to when it is read.
// Readers of dictionary lists and polyMesh files expand `N{v}` into N copies
// before anything knows how many entries are needed, so without a cap ten
// bytes of input ("2000000000{1}") ask for gigabytes. No valid list of those
// kinds is uniform beyond a handful of entries (identical points, faces or
// owners make no mesh; `6{0}` is the owner list of a one-cell mesh).
// Field values (`nonuniform List<scalar> N{v}`), which OpenFOAM does write
// for mesh-sized fields, are not expanded on reading: io::FieldValue keeps
// them compact and checks N against the mesh.
#include <cstddef>

namespace sluice::io {

/// Entries a uniform list read from a dictionary (TokenStream), or all the
/// uniform lists of one file read by a FoamListReader together, may expand to.
inline constexpr std::size_t kMaxUniformListEntries = std::size_t{1} << 20;

}  // namespace sluice::io
