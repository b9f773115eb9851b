#include <sys/stat.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/io/dictionary.hpp"
#include "support/temp_dir.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::io::Dictionary;
using sluice::io::ParseOptions;
using sluice::io::test::errorOf;
using sluice::test::TempDir;

TEST(DictionaryFiles, IncludeResolvesRelativeToTheIncludingFile) {
  TempDir dir("include");
  dir.write("case/system/controlDict", R"(
#include "common/params"
endTime $end;
sub { #include "common/subEntries" }
)");
  dir.write("case/system/common/params", "#include \"../more\"\nend 10;\n");
  dir.write("case/system/more", "deltaT 0.5;\n");
  dir.write("case/system/common/subEntries", "a 1; b $deltaT;\n");
  Dictionary d = Dictionary::readFile(dir.path() / "case/system/controlDict", "system/controlDict");
  EXPECT_EQ(d.get<Label>("endTime"), 10);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("deltaT"), 0.5);
  EXPECT_EQ(d.subDict("sub").get<Label>("a"), 1);
  EXPECT_DOUBLE_EQ(d.subDict("sub").get<Scalar>("b"), 0.5);
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"deltaT", "end", "endTime", "sub"}));
}

TEST(DictionaryFiles, IncludedFileHeaderIsDropped) {
  TempDir dir("includeHeader");
  dir.write("0/U", "FoamFile { object U; }\nboundaryField { #include \"include/patches\" }\n");
  dir.write("0/include/patches", "FoamFile { object patches; version 2.0; }\ninlet { type zeroGradient; }\n");
  Dictionary d = Dictionary::readFile(dir.path() / "0/U", "0/U");
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"FoamFile", "boundaryField"}));
  EXPECT_EQ(d.subDict("FoamFile").keys(), (std::vector<std::string>{"object"}));
  EXPECT_EQ(d.subDict("boundaryField").keys(), (std::vector<std::string>{"inlet"}));
}

TEST(DictionaryFiles, ByteOrderMarkIsSkipped) {
  Dictionary d = Dictionary::parse("\xEF\xBB\xBF" "a 1;\nb x;\n", "f");
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("b"); }), "f:2:3: 'b': expected a number, found 'x'");
  EXPECT_EQ(d.entry("a").tokens().front().column, 3);
}

TEST(DictionaryFiles, ErrorsInIncludedFilesNameThatFile) {
  TempDir dir("includeError");
  dir.write("system/fvSolution", "#include \"common/solvers\"\n");
  dir.write("system/common/solvers", "a 1;\nb 1.2.3;\n");
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(dir.path() / "system/fvSolution", "system/fvSolution"); }),
            "system/common/solvers:2:3: bad number '1.2.3'");
  dir.write("system/common/solvers", "tol abc;\n");
  Dictionary d = Dictionary::readFile(dir.path() / "system/fvSolution", "system/fvSolution");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("tol"); }), "system/common/solvers:1:5: 'tol': expected a number, found 'abc'");
}

TEST(DictionaryFiles, MissingIncludeNamesIncludingFileAndPath) {
  TempDir dir("missingInclude");
  dir.write("system/controlDict", "a 1;\n#include \"nothere.inc\"\n");
  std::string expected = "system/controlDict:2:1: #include: cannot open file '" +
                         (dir.path() / "system/nothere.inc").string() + "'";
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(dir.path() / "system/controlDict", "system/controlDict"); }), expected);
}

TEST(DictionaryFiles, OptionalIncludesAreSilentWhenMissing) {
  TempDir dir("sinclude");
  dir.write("system/controlDict", "#sinclude \"nothere\"\n#includeIfPresent \"alsoNot\"\n#sinclude \"there\"\na 1;\n");
  dir.write("system/there", "b 2;\n");
  Dictionary d = Dictionary::readFile(dir.path() / "system/controlDict", "system/controlDict");
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"b", "a"}));
}

TEST(DictionaryFiles, RecursiveIncludeIsStopped) {
  TempDir dir("recursive");
  dir.write("system/a", "#include \"a\"\n");
  std::string message = errorOf([&] { Dictionary::readFile(dir.path() / "system/a", "system/a"); });
  EXPECT_EQ(message, "system/a:1:1: #include: includes nested more than 32 deep (recursive include?)");
}

TEST(DictionaryFiles, HeaderOnlyReadOfALargeFile) {
  TempDir dir("headerOnly");
  std::string body = "FoamFile\n{\n    format ascii;\n    class vectorField;\n}\n200000\n(\n";
  for (int i = 0; i < 200000; ++i) body += "(0 0 " + std::to_string(i) + ")\n";
  body += ")\n";
  dir.write("points", body);
  ParseOptions options;
  options.headerOnly = true;
  Dictionary d = Dictionary::readFile(dir.path() / "points", "constant/polyMesh/points", options);
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"FoamFile"}));
  EXPECT_EQ(d.subDict("FoamFile").get<std::string>("class"), "vectorField");
  // A header longer than the first read chunk still parses completely.
  std::string longHeader = "/*" + std::string(100000, '*') + "*/\nFoamFile { class faceList; }\n3(1 2 3)\n";
  dir.write("faces", longHeader);
  Dictionary f = Dictionary::readFile(dir.path() / "faces", "constant/polyMesh/faces", options);
  EXPECT_EQ(f.subDict("FoamFile").get<std::string>("class"), "faceList");
}

TEST(DictionaryFiles, UnreadableFile) {
  TempDir dir("unreadable");
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(dir.path() / "system/controlDict", "system/controlDict"); }),
            "system/controlDict: cannot open file");
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(dir.path(), "system"); }), "system: cannot open file");
  std::filesystem::path p = dir.path() / "noName";
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(p); }), p.string() + ": cannot open file");
}

// Devices and pipes are not input files: a named pipe blocked the open
// forever (no writer), `#include "/dev/zero"` was read as an empty file.
TEST(DictionaryFiles, DevicesAndPipesAreNotFiles) {
  TempDir dir("pipe");
  const std::filesystem::path fifo = dir.path() / "system/controlDict";
  std::filesystem::create_directories(fifo.parent_path());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(fifo, "system/controlDict"); }), "system/controlDict: cannot open file");
  dir.write("system/fvSolution", "a 1;\n#include \"/dev/zero\"\n");
  EXPECT_EQ(errorOf([&] { Dictionary::readFile(dir.path() / "system/fvSolution", "system/fvSolution"); }),
            "system/fvSolution:2:1: #include: cannot open file '/dev/zero'");
}

TEST(DictionaryFiles, ParseResolvesIncludesAgainstBaseDir) {
  TempDir dir("baseDir");
  dir.write("inc", "x 4;\n");
  Dictionary d = Dictionary::parse("#include \"inc\"\ny $x;\n", "text", dir.path());
  EXPECT_EQ(d.get<Label>("y"), 4);
}

// ---------------------------------------------------------------- directives

TEST(DictionaryDirectives, UnknownEtcFilesAndFunctionsWarnAndSkip) {
  std::vector<std::string> warnings;
  ParseOptions options;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  Dictionary d = Dictionary::parse(R"(
#includeEtc "caseDicts/postProcessing/visualization/streamlines.cfg"
functions
{
    #includeFunc streamlines
    #includeFunc mag(U) }
a 1;
)",
                                   "system/controlDict", {}, options);
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0],
            "system/controlDict:2:1: #includeEtc \"caseDicts/postProcessing/visualization/streamlines.cfg\" skipped "
            "(sluice has no version of this OpenFOAM etc file)");
  EXPECT_EQ(warnings[1],
            "system/controlDict:5:5: #includeFunc streamlines skipped (sluice has no such function; it has: residuals)");
  EXPECT_EQ(warnings[2],
            "system/controlDict:6:5: #includeFunc mag(U) skipped (sluice has no such function; it has: residuals)");
  EXPECT_TRUE(d.subDict("functions").keys().empty());
  EXPECT_EQ(d.get<Label>("a"), 1);
}

TEST(DictionaryDirectives, SetConstraintTypesGivesConstraintGroupsTheirConditions) {
  std::vector<std::string> warnings;
  ParseOptions options;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  Dictionary d = Dictionary::parse(R"(
boundaryField
{
    #includeEtc "caseDicts/setConstraintTypes"
    inlet { type zeroGradient; }
}
)",
                                   "0/p", {}, options);
  EXPECT_TRUE(warnings.empty());
  const Dictionary& bf = d.subDict("boundaryField");
  for (const char* type : {"cyclic", "empty", "symmetryPlane", "symmetry"})
    EXPECT_EQ(bf.subDict(type).get<std::string>("type"), type);
  EXPECT_EQ(bf.subDict("inlet").get<std::string>("type"), "zeroGradient");
}

TEST(DictionaryDirectives, IncludeFuncResidualsIsASolverInfoObject) {
  Dictionary d = Dictionary::parse("functions\n{\n    #includeFunc residuals\n}\n", "system/controlDict");
  const Dictionary& r = d.subDict("functions").subDict("residuals");
  EXPECT_EQ(r.get<std::string>("type"), "solverInfo");
  EXPECT_EQ(r.get<std::vector<std::string>>("fields"), (std::vector<std::string>{"p", "U"}));
  EXPECT_EQ(r.get<std::string>("writeControl"), "timeStep");

  Dictionary withFields =
      Dictionary::parse("functions { #includeFunc residuals(p_rgh, U, writeInterval 2)\n}\n", "system/controlDict");
  const Dictionary& w = withFields.subDict("functions").subDict("residuals");
  EXPECT_EQ(w.get<std::vector<std::string>>("fields"), (std::vector<std::string>{"p_rgh", "U"}));
  EXPECT_EQ(w.get<Label>("writeInterval"), 2);

  EXPECT_EQ(errorOf([] { Dictionary::parse("functions { #includeFunc residuals(p, U\n}\n", "system/controlDict"); }),
            "system/controlDict:1:13: #includeFunc: expected ')' at the end of 'residuals(p, U'");
}

TEST(DictionaryDirectives, CodeDirectivesAreRefused) {
  auto parse = [](const std::string& text) { Dictionary::parse(text, "system/controlDict"); };
  EXPECT_EQ(errorOf([&] { parse("a 1;\nb #calc \"$a + 1\";\n"); }),
            "system/controlDict:2:3: '#calc' is not supported (sluice does not compile code at run time)");
  EXPECT_EQ(errorOf([&] { parse("#codeStream { code #{ #}; }\n"); }),
            "system/controlDict:1:1: '#codeStream' is not supported (sluice does not compile code at run time)");
  EXPECT_EQ(errorOf([&] { parse("x #eval{ 1 + 2 };\n"); }),
            "system/controlDict:1:3: '#eval' is not supported (sluice does not compile code at run time)");
  EXPECT_EQ(errorOf([&] { parse("code\n    #{\n        int x = \"; \n    #};\n"); }),
            "system/controlDict:2:5: '#{' is not supported (sluice does not compile code at run time)");
}

TEST(DictionaryDirectives, UnknownDirectiveIsAnError) {
  EXPECT_EQ(errorOf([] { Dictionary::parse("a 1;\n#foo bar\n", "system/controlDict"); }),
            "system/controlDict:2:1: unknown directive '#foo'");
  EXPECT_EQ(errorOf([] { Dictionary::parse("#inputMode protect\n", "system/controlDict"); }),
            "system/controlDict:1:12: unsupported #inputMode 'protect' (use merge or overwrite)");
  EXPECT_EQ(errorOf([] { Dictionary::parse("a (1 #include \"x\");\n", "system/controlDict"); }),
            "system/controlDict:1:6: directive '#include' is not allowed inside a value");
}

TEST(DictionaryDirectives, HeaderOnlyStopsAfterFoamFile) {
  ParseOptions options;
  options.headerOnly = true;
  Dictionary d = Dictionary::parse("FoamFile { format ascii; class vectorField; }\n3 ( (0 0 0) (1 0 0) 1.2.3 \"",
                                   "constant/polyMesh/points", {}, options);
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"FoamFile"}));
  EXPECT_EQ(d.subDict("FoamFile").get<std::string>("class"), "vectorField");
}
