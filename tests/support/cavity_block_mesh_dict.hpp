#pragma once
// Test support: the text of a lid-driven-cavity blockMeshDict (one block,
// movingWall, fixedWalls, frontAndBack empty), the mesh most tests start from.
//
//   dir.write("system/blockMeshDict", test::cavityBlockMeshDict(20, 20));
//   io::Dictionary d = io::Dictionary::parse(test::cavityBlockMeshDict(13, 11, "2 0.5 1"), "blockMeshDict");
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace sluice::test {

inline std::string cavityBlockMeshDict(int nx, int ny, std::string_view grading = "1 1 1") {
  return fmt::format(R"(
convertToMeters 0.1;
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) ({} {} 1) simpleGrading ({}) );
edges ( );
boundary
(
    movingWall {{ type wall; faces ( (3 7 6 2) ); }}
    fixedWalls {{ type wall; faces ( (0 4 7 3) (2 6 5 1) (1 5 4 0) ); }}
    frontAndBack {{ type empty; faces ( (0 3 2 1) (4 5 6 7) ); }}
);
mergePatchPairs ( );
)",
                     nx, ny, grading);
}

}  // namespace sluice::test
