#pragma once
// How the mesh is split over the ranks of a parallel run: the meaning of
// system/decomposeParDict.
//
//   numberOfSubdomains 4;             // must equal the number of ranks
//   method          hierarchical;     // scotch (default), metis, simple, hierarchical; ptscotch = scotch
//   hierarchicalCoeffs { n (2 2 1); delta 0.001; order xyz; }   // or `coeffs { ... }`, or n/order at top level
//
// Reading is pure (no MPI): every rank can read the small file itself, so a
// bad dictionary fails on every rank with the same message.
//
//   DecompositionSettings s = DecompositionSettings::readCase(caseDir, nRanks);   // no file: scotch
//   DecompositionSettings s = DecompositionSettings::fromDictionary(dict, nRanks);
//   std::vector<int> cellToRank = decompose(mesh, centres, nRanks, s);
#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include "sluice/core/types.hpp"

namespace sluice::io {
class Dictionary;
}

namespace sluice::parallel {

struct DecompositionSettings {
  std::string method = "scotch";      ///< a name in the method registry (decomposition_registry.hpp)
  int numberOfSubdomains = 1;         ///< equals the run's rank count
  std::array<int, 3> n{1, 1, 1};      ///< simple/hierarchical: parts along x, y, z (product = numberOfSubdomains)
  Scalar delta = 0.001;               ///< simple/hierarchical: skew breaking ties between equal coordinates
  std::array<int, 3> order{0, 1, 2};  ///< hierarchical: axes in splitting order (0 = x, 1 = y, 2 = z)

  /// Settings used without a decomposeParDict: scotch over `nRanks` parts.
  static DecompositionSettings defaults(int nRanks) {
    DecompositionSettings s;
    s.numberOfSubdomains = nRanks;
    return s;
  }

  /// Validated settings from a parsed decomposeParDict (messages name dict.fileName()).
  static DecompositionSettings fromDictionary(const io::Dictionary& dict, int nRanks);

  /// Reads <caseDir>/system/decomposeParDict; without the file, defaults(nRanks).
  /// A serial run (nRanks == 1) does not consult the file, as OpenFOAM's solvers do not.
  static DecompositionSettings readCase(const std::filesystem::path& caseDir, int nRanks);
};

/// Why `method` cannot be used ("unknown decomposition method 'x'; supported
/// methods: ..."), or nothing when it names a registered method.
std::optional<std::string> unknownMethodProblem(const std::string& method);

}  // namespace sluice::parallel
