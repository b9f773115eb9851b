#include <gtest/gtest.h>

#include <string>

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
