// Reading system/decomposeParDict: methods, coefficients and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/decomposition_settings.hpp"
#include "support/temp_dir.hpp"

namespace sluice::parallel {
namespace {

DecompositionSettings read(const std::string& text, int nRanks) {
  return DecompositionSettings::fromDictionary(io::Dictionary::parse(text, "system/decomposeParDict"), nRanks);
}

std::string errorOf(const std::string& text, int nRanks) {
  try {
    read(text, nRanks);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(DecompositionSettings, ScotchNeedsOnlyTheCount) {
  const DecompositionSettings s = read("numberOfSubdomains 4;\nmethod scotch;\n", 4);
  EXPECT_EQ(s.method, "scotch");
  EXPECT_EQ(s.numberOfSubdomains, 4);
}

TEST(DecompositionSettings, MethodDefaultsToScotchAndPtscotchIsScotch) {
  EXPECT_EQ(read("numberOfSubdomains 2;", 2).method, "scotch");
  EXPECT_EQ(read("numberOfSubdomains 2; method ptscotch;", 2).method, "scotch");
  EXPECT_EQ(read("numberOfSubdomains 2; method metis; metisCoeffs { }", 2).method, "metis");
}

TEST(DecompositionSettings, SimpleCoefficients) {
  const DecompositionSettings s =
      read("numberOfSubdomains 6;\nmethod simple;\nsimpleCoeffs\n{\n    n (3 2 1);\n    delta 0.002;\n}\n", 6);
  EXPECT_EQ(s.method, "simple");
  EXPECT_EQ(s.n, (std::array<int, 3>{3, 2, 1}));
  EXPECT_DOUBLE_EQ(s.delta, 0.002);
}

TEST(DecompositionSettings, HierarchicalCoefficientsWithOrder) {
  const DecompositionSettings s = read(
      "numberOfSubdomains 8; method hierarchical;\n"
      "hierarchicalCoeffs { n (2 2 2); delta 0.001; order zxy; }\n",
      8);
  EXPECT_EQ(s.method, "hierarchical");
  EXPECT_EQ(s.n, (std::array<int, 3>{2, 2, 2}));
  EXPECT_EQ(s.order, (std::array<int, 3>{2, 0, 1}));
}

TEST(DecompositionSettings, NewerCoeffsDictionaryAndTopLevelEntries) {
  const DecompositionSettings a = read("numberOfSubdomains 3; method hierarchical; coeffs { n (1 3 1); order yxz; }", 3);
  EXPECT_EQ(a.n, (std::array<int, 3>{1, 3, 1}));
  EXPECT_EQ(a.order, (std::array<int, 3>{1, 0, 2}));
  const DecompositionSettings b = read("numberOfSubdomains 2; method simple; n (2 1 1);", 2);
  EXPECT_EQ(b.n, (std::array<int, 3>{2, 1, 1}));
  EXPECT_EQ(b.order, (std::array<int, 3>{0, 1, 2}));
}

TEST(DecompositionSettings, CountMustMatchTheRanks) {
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod scotch;\n", 3),
            "system/decomposeParDict: numberOfSubdomains 4 does not match the 3 ranks of this run");
}

TEST(DecompositionSettings, CountIsRequired) {
  EXPECT_EQ(errorOf("method scotch;\n", 3), "system/decomposeParDict: missing 'numberOfSubdomains'");
}

TEST(DecompositionSettings, UnknownMethodListsTheSupportedOnes) {
  EXPECT_EQ(errorOf("numberOfSubdomains 2;\nmethod  scoth;\n", 2),
            "system/decomposeParDict:2:9: unknown decomposition method 'scoth'; supported methods: scotch, metis, "
            "simple, hierarchical");
}

TEST(DecompositionSettings, OtherOpenFoamMethodsAreUnsupported) {
  EXPECT_EQ(errorOf("numberOfSubdomains 2;\nmethod kahip;\n", 2),
            "system/decomposeParDict:2:8: unsupported decomposition method 'kahip'; supported methods: scotch, metis, "
            "simple, hierarchical");
  EXPECT_EQ(errorOf("numberOfSubdomains 2;\nmethod manual;\n", 2),
            "system/decomposeParDict:2:8: unsupported decomposition method 'manual'; supported methods: scotch, "
            "metis, simple, hierarchical");
}

TEST(DecompositionSettings, ProductOfNMustBeTheCount) {
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod simple;\nsimpleCoeffs { n (2 2 2); }\n", 4),
            "system/decomposeParDict:3:18: n (2 2 2) makes 8 subdomains but numberOfSubdomains is 4");
}

TEST(DecompositionSettings, NNeedsThreePositiveCounts) {
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod simple;\nsimpleCoeffs { n (2 2); }\n", 4),
            "system/decomposeParDict:3:18: n must list 3 counts (x y z), found 2");
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod simple;\nsimpleCoeffs { n (4 0 1); }\n", 4),
            "system/decomposeParDict:3:18: n (4 0 1) must be positive");
}

TEST(DecompositionSettings, GeometricMethodsNeedN) {
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod hierarchical;\n", 4),
            "system/decomposeParDict: method hierarchical needs 'n', e.g. hierarchicalCoeffs { n (2 2 1); }");
}

TEST(DecompositionSettings, OrderMustBeAPermutationOfXyz) {
  EXPECT_EQ(errorOf("numberOfSubdomains 4;\nmethod hierarchical;\nhierarchicalCoeffs { n (4 1 1); order xxz; }\n", 4),
            "system/decomposeParDict:3:39: order 'xxz' must be a permutation of xyz");
}

TEST(DecompositionSettings, DeltaMustBeSmall) {
  EXPECT_EQ(errorOf("numberOfSubdomains 2;\nmethod simple;\nsimpleCoeffs { n (2 1 1); delta 0.5; }\n", 2),
            "system/decomposeParDict:3:33: delta 0.5 must be in [0, 0.1)");
}

class CaseDir : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::create_directories(dir_ / "system"); }
  void write(const std::string& text) { test::writeText(dir_ / "system" / "decomposeParDict", text); }
  test::TempDir tmp_{"decompose"};
  std::filesystem::path dir_ = tmp_.path();
};

TEST_F(CaseDir, WithoutTheFileScotchIsUsed) {
  const DecompositionSettings s = DecompositionSettings::readCase(dir_, 5);
  EXPECT_EQ(s.method, "scotch");
  EXPECT_EQ(s.numberOfSubdomains, 5);
}

TEST_F(CaseDir, ReadsTheFileForParallelRuns) {
  write("FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"
        "numberOfSubdomains 2;\nmethod simple;\nsimpleCoeffs { n (1 2 1); delta 0.001; }\n");
  const DecompositionSettings s = DecompositionSettings::readCase(dir_, 2);
  EXPECT_EQ(s.method, "simple");
  EXPECT_EQ(s.n, (std::array<int, 3>{1, 2, 1}));
  try {
    DecompositionSettings::readCase(dir_, 3);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "system/decomposeParDict: numberOfSubdomains 2 does not match the 3 ranks of this run");
  }
}

TEST_F(CaseDir, SerialRunsIgnoreTheFile) {
  write("numberOfSubdomains 4;\nmethod simple;\n");
  const DecompositionSettings s = DecompositionSettings::readCase(dir_, 1);
  EXPECT_EQ(s.method, "scotch");
  EXPECT_EQ(s.numberOfSubdomains, 1);
}

}  // namespace
}  // namespace sluice::parallel
