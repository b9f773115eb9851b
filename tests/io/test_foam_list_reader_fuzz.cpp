// FoamListReader on inputs found by fuzz/poly_mesh.cpp (libFuzzer).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/io/foam_list_reader.hpp"

namespace sluice::io {
namespace {

FoamStreamFormat binary() { return FoamStreamFormat::fromHeader(true, "LSB;label=32;scalar=64", "f"); }

// An empty binary list left the output vector without storage and the
// 32-bit-label fast path called memcpy(nullptr, p, 0): undefined behaviour,
// reported by the sanitizer build (SLUICE_SANITIZE=ON). Found on
// constant/polyMesh/neighbour "0\n()" in a binary mesh.
TEST(FoamListReaderFuzz, EmptyBinaryListsAreEmpty) {
  const std::string text = "0\n() 0() 0\n()";
  FoamListReader in(text, 0, binary(), "f");
  EXPECT_TRUE(in.readLabelList().empty());
  EXPECT_TRUE(in.readVectorList().empty());
  EXPECT_TRUE(in.readScalarList().empty());
  in.expectEnd();
}

// A uniform list's declared count was allocated before anything checked it:
// "2000000000{1}" asked for 8 GB of labels (found by fuzz/field.cpp as
// internalField "nonuniform List<scalar> 2000000000{1}", one 16 GB
// allocation). The uniform lists of one reader now expand to at most
// kMaxUniformListEntries entries in total (io/uniform_list_limit.hpp).
TEST(FoamListReaderFuzz, HugeUniformCountIsAnErrorNotAnAllocation) {
  const std::string text = "2000000000{1}";
  FoamListReader in(text, 0, FoamStreamFormat{}, "f");
  try {
    (void)in.readLabelList();
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "f:1:1: uniform list of 2000000000 entries is too long: the uniform lists of a file may expand to "
                 "at most 1048576 entries");
  }
}

// Uniform lists nested in a face list, or many within one file, share the
// budget: 1000 faces of 1000000 labels each come from a dozen bytes.
TEST(FoamListReaderFuzz, NestedAndRepeatedUniformListsShareTheBudget) {
  {
    const std::string text = "1000{1000000{0}}";
    FoamListReader in(text, 0, FoamStreamFormat{}, "f");
    EXPECT_THROW((void)in.readLabelListList(), InputError);
  }
  {
    std::string text = "3(";
    for (int i = 0; i < 3; ++i) text += " 600000{0}";
    text += ")";
    FoamListReader in(text, 0, FoamStreamFormat{}, "f");
    EXPECT_THROW((void)in.readLabelListList(), InputError);
  }
  {
    const std::string text = "1000000000{0()}";  // empty faces still cost an offset each
    FoamListReader in(text, 0, FoamStreamFormat{}, "f");
    EXPECT_THROW((void)in.readLabelListList(), InputError);
  }
  // What OpenFOAM writes for a one-cell mesh's owner list still reads.
  const std::string owner = "6{0}";
  FoamListReader in(owner, 0, FoamStreamFormat{}, "f");
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>(6, 0)));
}

}  // namespace
}  // namespace sluice::io
