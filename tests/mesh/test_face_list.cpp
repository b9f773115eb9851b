// FaceList: faces of one size keep no offsets; a face of another size
// switches the list to stored offsets; both forms give the same faces.
#include "sluice/mesh/face_list.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "sluice/core/error.hpp"

namespace sluice::mesh {
namespace {

std::vector<Label> faceOf(const FaceList& faces, Label f) { return {faces[f].begin(), faces[f].end()}; }

TEST(FaceList, QuadsKeepNoOffsets) {
  FaceList faces;
  faces.add({0, 1, 5, 4});
  faces.add({1, 2, 6, 5});
  EXPECT_EQ(faces.size(), 2);
  EXPECT_EQ(faces.uniformSize(), 4);
  EXPECT_EQ(faceOf(faces, 1), (std::vector<Label>{1, 2, 6, 5}));
  EXPECT_EQ(faces.offsets(), (std::vector<Label>{0, 4, 8}));
  faces.mutableFace(1)[0] = 3;
  EXPECT_EQ(faceOf(faces, 1), (std::vector<Label>{3, 2, 6, 5}));
}

TEST(FaceList, AFaceOfAnotherSizeStoresOffsets) {
  FaceList faces;
  faces.add({0, 1, 5, 4});
  faces.add({1, 2, 6, 5});
  faces.add({2, 3, 7});
  faces.add({7, 8, 9, 10});
  EXPECT_EQ(faces.uniformSize(), 0);
  EXPECT_EQ(faces.size(), 4);
  EXPECT_EQ(faces.offsets(), (std::vector<Label>{0, 4, 8, 11, 15}));
  EXPECT_EQ(faceOf(faces, 0), (std::vector<Label>{0, 1, 5, 4}));
  EXPECT_EQ(faceOf(faces, 2), (std::vector<Label>{2, 3, 7}));
  EXPECT_EQ(faceOf(faces, 3), (std::vector<Label>{7, 8, 9, 10}));
}

TEST(FaceList, BuiltFromOffsetsTakesTheSameFormAsBuiltByAdding) {
  FaceList added;
  added.add({0, 1, 2});
  added.add({2, 3, 4});
  const FaceList fromArrays({0, 3, 6}, {0, 1, 2, 2, 3, 4});
  EXPECT_EQ(fromArrays.uniformSize(), 3);
  EXPECT_EQ(fromArrays, added);
  const FaceList mixed({0, 3, 7}, {0, 1, 2, 2, 3, 4, 5});
  EXPECT_EQ(mixed.uniformSize(), 0);
  EXPECT_EQ(faceOf(mixed, 1), (std::vector<Label>{2, 3, 4, 5}));
  const FaceList permuted = mixed.permuted(std::vector<Label>{1, 0});
  EXPECT_EQ(permuted.offsets(), (std::vector<Label>{0, 4, 7}));
  EXPECT_EQ(faceOf(permuted, 0), (std::vector<Label>{2, 3, 4, 5}));
  const FaceList empty({0}, {});
  EXPECT_EQ(empty.size(), 0);
  EXPECT_EQ(empty, FaceList());
  EXPECT_THROW(FaceList({0, 3}, {0, 1}), Error);
}

}  // namespace
}  // namespace sluice::mesh
