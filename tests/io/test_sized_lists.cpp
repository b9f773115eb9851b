// A list's declared size N in `N( ... )` must agree with its contents, and is
// never trusted for an allocation.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/io_test_util.hpp"

namespace sluice::io {
namespace {

using test::errorOf;
using test::parse;

TEST(SizedLists, CountDisagreeingWithTheContentsIsAnError) {
  Dictionary d = parse("a 3(1 2);\nb\n4((0 0 0) (1 1 1));\nc 1(x y);\n", "system/testDict");
  EXPECT_EQ(errorOf([&] { d.get<std::vector<Scalar>>("a"); }), "system/testDict:1:3: 'a': list says 3 entries but has 2");
  EXPECT_EQ(errorOf([&] { d.get<std::vector<Vec3>>("b"); }), "system/testDict:3:1: 'b': list says 4 entries but has 2");
  EXPECT_EQ(errorOf([&] { d.get<std::vector<std::string>>("c"); }),
            "system/testDict:4:3: 'c': list says 1 entries but has 2");
}

TEST(SizedLists, HugeDeclaredCountDoesNotAllocate) {
  // 999999999999999 vertices declared, 8 given: reserving the declared count threw std::bad_alloc.
  std::string text = "vertices 999999999999999(";
  for (int i = 0; i < 8; ++i) text += "(0 0 " + std::to_string(i) + ") ";
  text += ");\n";
  Dictionary d = parse(text, "system/blockMeshDict");
  EXPECT_EQ(errorOf([&] { d.get<std::vector<Vec3>>("vertices"); }),
            "system/blockMeshDict:1:10: 'vertices': list says 999999999999999 entries but has 8");
}

TEST(SizedLists, ListsReadElementByElementCheckTheCount) {
  Dictionary d = parse("vertices 3((0 0 0) (1 0 0));\nok 2((0 0 0) (1 0 0));\nfree ((0 0 0));\n");
  auto count = [&](const char* key) {
    TokenStream ts = d.stream(key);
    ListOpening list = ts.openList();
    std::size_t n = 0;
    while (ts.moreInList(list)) {
      ts.readVec3();
      ++n;
    }
    return n;
  };
  EXPECT_EQ(errorOf([&] { count("vertices"); }), "system/testDict:1:10: 'vertices': list says 3 entries but has 2");
  EXPECT_EQ(count("ok"), 2u);
  EXPECT_EQ(count("free"), 1u);
}

}  // namespace
}  // namespace sluice::io
