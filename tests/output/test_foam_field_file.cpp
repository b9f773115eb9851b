// OpenFOAM field files written in parts: two "ranks" write their cells of one
// file at fixed-width offsets and the result is the field file OpenFOAM (and
// sluice's own reader) reads, header and boundaryField kept from the source.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/io/binary_field_text.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/output/foam_field_file.hpp"
#include "sluice/output/output_files.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

const std::string kSource = R"(FoamFile
{
    version     2.0;
    format      ascii;
    class       volVectorField;
    location    "0";
    object      U;
}
dimensions      [0 1 -1 0 0 0 0];

internalField   uniform (0 0 0);

boundaryField
{
    lid { type fixedValue; value uniform (1 0 0); }
    walls { type noSlip; }
}
)";

}  // namespace

TEST(FoamFieldFile, PartsWrittenAtTheirOffsetsMakeOneFieldFile) {
  test::TempDir dir("foam-field-file");
  const output::FoamFieldFile layout = output::FoamFieldFile::fromSource(kSource, "0/U", 5, 8);
  EXPECT_EQ(layout.components(), 3);
  const fs::path file = dir.path() / "0.5" / "U";
  // A longer file from an earlier run is cut to size.
  fs::create_directories(file.parent_path());
  output::writeTextFile(file, std::string(5000, 'x'));
  // "Rank 1" first, without the header; then "rank 0" with it.
  layout.writePart(file, "0.5", std::vector<GlobalLabel>{4, 1}, std::vector<double>{4, 4.5, -4, 1, 1.5, -1e-100},
                   false);
  layout.writePart(file, "0.5", std::vector<GlobalLabel>{0, 3, 2},
                   std::vector<double>{0, 0.5, 0, 3, 3.5, 0, 2.125, 2.5, 1.0 / 3}, true);
  const std::string text = *io::readTextFile(file);
  EXPECT_EQ(text.size(), layout.header("0.5").size() + 5 * layout.lineWidth() + layout.trailer().size());
  EXPECT_NE(text.find("location    \"0.5\";"), std::string::npos);
  const io::Dictionary dict = io::Dictionary::parse(text, "0.5/U");
  const std::vector<Vec3> values = io::readFieldValue(dict, "internalField").expandVectors(5);
  const std::vector<Vec3> expected = {{0, 0.5, 0}, {1, 1.5, -1e-100}, {2.125, 2.5, 0.33333333}, {3, 3.5, 0}, {4, 4.5, -4}};
  for (std::size_t c = 0; c < 5; ++c)
    for (int k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(values[c][k], expected[c][k]) << c << " " << k;
  EXPECT_EQ(dict.subDict("boundaryField").subDict("lid").get<std::string>("type"), "fixedValue");
  EXPECT_TRUE(dict.found("dimensions"));
}

TEST(FoamFieldFile, BinaryPartsMakeOneBinaryFieldFileWithExactValues) {
  // writeFormat binary: the header says binary with OpenFOAM's arch, the
  // internal values are raw doubles at their offsets, a nonuniform boundary
  // list of the source is binary too; read back (io::asciiFieldText, as
  // OpenFOAM's binary reader reads the lists), every value bit for bit.
  std::string source = kSource;
  source.replace(source.find("walls { type noSlip; }"), 22,
                 "walls { type calculated; value nonuniform List<vector> 2((0.1 0 0) (0 -0.2 1e-300)); }");
  test::TempDir dir("foam-field-file-binary");
  const output::FoamFieldFile layout = output::FoamFieldFile::fromSource(source, "0/U", 5, 6, /*binary=*/true);
  EXPECT_EQ(layout.lineWidth(), 24u);
  const fs::path file = dir.path() / "0.5" / "U";
  const std::vector<double> rank1{4, 4.5, -4, 0.1, 1.0 / 3, -1e-100};
  const std::vector<double> rank0{0, 0.5, 0, 3, 3.5, 0, 2.125, 2.5, 1.0 / 7};
  layout.writePart(file, "0.5", std::vector<GlobalLabel>{4, 1}, rank1, false);
  layout.writePart(file, "0.5", std::vector<GlobalLabel>{0, 3, 2}, rank0, true);
  const std::string text = *io::readTextFile(file);
  EXPECT_NE(text.find("    format      binary;\n    arch        \"LSB;label=32;scalar=64\";"), std::string::npos);
  EXPECT_EQ(text.find("List<vector> 2((0.1"), std::string::npos) << "the boundary list is binary";
  const io::Dictionary dict = io::Dictionary::parse(io::asciiFieldText(text, "0.5/U"), "0.5/U");
  const std::vector<Vec3> values = io::readFieldValue(dict, "internalField").expandVectors(5);
  const std::vector<Vec3> expected = {{0, 0.5, 0}, {0.1, 1.0 / 3, -1e-100}, {2.125, 2.5, 1.0 / 7}, {3, 3.5, 0}, {4, 4.5, -4}};
  for (std::size_t c = 0; c < 5; ++c)
    for (int k = 0; k < 3; ++k) EXPECT_EQ(values[c][k], expected[c][k]) << c << " " << k;
  const std::vector<Vec3> walls =
      io::readFieldValue(dict.subDict("boundaryField").subDict("walls"), "value").expandVectors(2);
  EXPECT_EQ(walls[1][2], 1e-300);
  EXPECT_EQ(walls[0][0], 0.1);

  // That binary file as the source of ascii time folders (a run started
  // from OpenFOAM's binary output): its boundary values kept exactly.
  const output::FoamFieldFile ascii = output::FoamFieldFile::fromSource(text, "0.5/U", 5, 17);
  const fs::path next = dir.path() / "0.6" / "U";
  ascii.writePart(next, "0.6", std::vector<GlobalLabel>{0, 1, 2, 3, 4}, std::vector<double>(15, 0.25), true);
  const std::string nextText = *io::readTextFile(next);
  EXPECT_NE(nextText.find("    format      ascii;"), std::string::npos);
  const io::Dictionary nextDict = io::Dictionary::parse(nextText, "0.6/U");
  EXPECT_EQ(io::readFieldValue(nextDict.subDict("boundaryField").subDict("walls"), "value").expandVectors(2)[1][2],
            1e-300);
}

TEST(FoamFieldFile, SourcesItCannotKeepAreErrorsNamingThem) {
  EXPECT_THROW(output::FoamFieldFile::fromSource("FoamFile { class surfaceScalarField; }\ninternalField uniform 0;\n",
                                                 "0/phi", 4, 6),
               InputError);
  EXPECT_THROW(output::FoamFieldFile::fromSource("FoamFile { class volScalarField; }\ndimensions [0 0 0 0 0 0 0];\n",
                                                 "0/p", 4, 6),
               InputError);
}

TEST(FoamFieldFile, UniformTimeFileHasOpenFoamsEntries) {
  const io::Dictionary d =
      io::Dictionary::parse(output::foamUniformTimeText("0.5", 0.5, 100, 0.005, 0.004), "0.5/uniform/time");
  EXPECT_DOUBLE_EQ(d.get<Scalar>("value"), 0.5);
  EXPECT_EQ(d.get<std::string>("name"), "0.5");
  EXPECT_EQ(d.get<std::int64_t>("index"), 100);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("deltaT"), 0.005);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("deltaT0"), 0.004);
}
