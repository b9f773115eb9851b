#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/io/foam_header.hpp"

using sluice::io::FoamHeader;
using sluice::io::readFoamHeader;
using sluice::io::test::errorOf;

TEST(FoamHeader, BodyOffsetIsAfterHeaderAndComments) {
  std::string text =
      "/*---- banner ----*/\nFoamFile\n{\n    version 2.0;\n    format binary;\n    class vectorField;\n"
      "    arch \"LSB;label=32;scalar=64\";\n    object points;\n}\n"
      "// * * * * //\n\n";
  const std::size_t expectedOffset = text.size();
  text += "2\n(";
  text += std::string("\x00\xff\x01\"/*", 6);  // binary payload must not be tokenized
  text += ")\n";
  FoamHeader h = readFoamHeader(text, "constant/polyMesh/points");
  EXPECT_TRUE(h.hasHeader());
  EXPECT_EQ(h.bodyOffset, expectedOffset);
  EXPECT_EQ(text[h.bodyOffset], '2');
  EXPECT_EQ(h.format(), "binary");
  EXPECT_EQ(h.header.subDict("FoamFile").get<std::string>("arch"), "LSB;label=32;scalar=64");
  EXPECT_EQ(h.header.keys().size(), 1u);
}

TEST(FoamHeader, FileWithoutHeader) {
  std::string text = "// comment\n  3(1 2 3)\n";
  FoamHeader h = readFoamHeader(text, "f");
  EXPECT_FALSE(h.hasHeader());
  EXPECT_EQ(h.format(), "ascii");
  EXPECT_EQ(h.bodyOffset, text.find('3'));
  FoamHeader empty = readFoamHeader("  // only a comment\n", "f");
  EXPECT_EQ(empty.bodyOffset, std::string("  // only a comment\n").size());
}

TEST(FoamHeader, MalformedHeaderIsAnError) {
  EXPECT_EQ(errorOf([] { readFoamHeader("FoamFile\n{\n    format ascii;\n", "constant/polyMesh/faces"); }),
            "constant/polyMesh/faces:2:1: unterminated dictionary: '{' has no matching '}'");
}

TEST(FoamHeader, TokenizeBodyReadsAKeywordlessPatchList) {
  std::string text = R"(FoamFile
{
    class polyBoundaryMesh;
}
// comment

2
(
    movingWall
    {
        type            wall;
        inGroups        List<word> 1(wall);
        nFaces          20;
        startFace       760;
    }
    frontAndBack { type empty; nFaces 800; startFace 840; }
)
)";
  FoamHeader h = readFoamHeader(text, "constant/polyMesh/boundary");
  EXPECT_EQ(h.bodyLine, 7);
  sluice::io::TokenStream body = sluice::io::tokenizeBody(text, h, "constant/polyMesh/boundary");
  EXPECT_EQ(body.acceptListSize(), 2);
  body.expectPunct('(');
  std::vector<std::string> names;
  std::vector<sluice::Label> nFaces;
  while (!body.acceptPunct(')')) {
    names.push_back(body.readWord());
    sluice::io::Dictionary patch =
        sluice::io::Dictionary::fromStream(body, "constant/polyMesh/boundary", names.back());
    nFaces.push_back(patch.get<sluice::Label>("nFaces"));
  }
  body.expectEnd();
  EXPECT_EQ(names, (std::vector<std::string>{"movingWall", "frontAndBack"}));
  EXPECT_EQ(nFaces, (std::vector<sluice::Label>{20, 800}));
  EXPECT_EQ(body.tokens().front().line, 7);
}

// ---------------------------------------------------------------- corrupt headers and NUL bytes

namespace {
const std::string kHeaderBody = "\n{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object controlDict;\n}\n";
}  // namespace

TEST(FoamHeader, GarbledHeaderKeywordIsAnError) {
  // OpenFOAM refuses a file whose first keyword is not FoamFile; sluice read
  // `FoamFil% {...}` as an ordinary entry and went on without a header.
  const std::string text = "/* banner */\nFoamFil%" + kHeaderBody + "endTime 1;\n";
  EXPECT_EQ(errorOf([&] { readFoamHeader(text, "system/controlDict"); }),
            "system/controlDict:2:1: expected FoamFile header, found 'FoamFil%'");
  EXPECT_EQ(errorOf([&] { sluice::io::Dictionary::parse(text, "system/controlDict"); }),
            "system/controlDict:2:1: expected FoamFile header, found 'FoamFil%'");
  EXPECT_EQ(errorOf([&] { sluice::io::Dictionary::parse("foamfile" + kHeaderBody, "system/controlDict"); }),
            "system/controlDict:1:1: expected FoamFile header, found 'foamfile'");
  // Files without a header, and other first keywords, are still fine.
  EXPECT_EQ(errorOf([&] { sluice::io::Dictionary::parse("FoamFile" + kHeaderBody + "a 1;\n", "f"); }), "");
  EXPECT_EQ(errorOf([&] { sluice::io::Dictionary::parse("application icoFoam;\n", "f"); }), "");
}

TEST(FoamHeader, NulByteAnywhereIsAnError) {
  using namespace std::string_literals;
  const std::string header = "FoamFile" + kHeaderBody;  // 7 lines
  auto parseError = [](const std::string& text) {
    return errorOf([&] { sluice::io::Dictionary::parse(text, "system/controlDict"); });
  };
  EXPECT_EQ(parseError(header + "endTime 1\0;\n"s), "system/controlDict:8:10: NUL byte in file");
  EXPECT_EQ(parseError(header + "a 1;\n// note \0 here\nb 2;\n"s), "system/controlDict:9:9: NUL byte in file");
  EXPECT_EQ(parseError(header + "a 1;\n/* one\ntwo \0 */\n"s), "system/controlDict:10:5: NUL byte in file");
  EXPECT_EQ(parseError(header + "s \"ab\0c\";\n"s), "system/controlDict:8:6: NUL byte in file");
  EXPECT_EQ(parseError("\0"s + header), "system/controlDict:1:1: NUL byte in file");
  EXPECT_EQ(errorOf([&] { readFoamHeader("FoamFile\n{\n    format\0 ascii;\n}\n"s, "constant/polyMesh/owner"); }),
            "constant/polyMesh/owner:3:11: NUL byte in file");
}
