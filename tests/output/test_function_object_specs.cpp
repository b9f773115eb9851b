// controlDict `functions`: sets (list and dictionary forms) and probes parsed,
// unsupported types skipped with a warning, malformed entries rejected with
// the file, line and entry; set points and write timers; the damBreak
// tutorial's sampling (face sets, cellPointFace, vtk).
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/function_object_specs.hpp"
#include "sluice/output/function_objects.hpp"

namespace sluice::output {
namespace {

io::Dictionary controlDict(const std::string& functions) {
  return io::Dictionary::parse("application simpleFoam;\nfunctions\n{\n" + functions + "\n}\n", "system/controlDict");
}

std::string errorOf(const std::string& functions) {
  try {
    readFunctionObjectSpecs(controlDict(functions), [](const std::string&) {});
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(FunctionObjectSpecs, SetsInListFormAndProbes) {
  std::vector<std::string> warnings;
  const auto specs = readFunctionObjectSpecs(controlDict(R"(
    line
    {
        type            sets;
        libs            (sampling);
        writeControl    writeTime;
        writeInterval   2;
        interpolationScheme cellPoint;
        setFormat       csv;
        sets
        (
            centre { type uniform; axis distance; start (0 0.5 0.05); end (1 0.5 0.05); nPoints 11; }
            diag   { type lineUniform; axis xyz; start (0 0 0); end (1 1 0.1); nPoints 3; }
        );
        fields          (U p);
    }
    fieldAverage1 { type fieldAverage; fields (U); }
    probes
    {
        type            probes;
        fields          (p);
        probeLocations  ((0.1 0.2 0.05) (0.9 0.5 0.05));
    }
  )"),
                                             [&](const std::string& w) { warnings.push_back(w); });
  ASSERT_EQ(specs.size(), 2u);
  const SetsSpec& sets = std::get<SetsSpec>(specs[0]);
  EXPECT_EQ(sets.name, "line");
  EXPECT_EQ(sets.fields, (std::vector<std::string>{"U", "p"}));
  EXPECT_EQ(sets.scheme, InterpolationScheme::cellPoint);
  EXPECT_EQ(sets.setFormat, "csv");
  EXPECT_EQ(sets.schedule.control, WriteControl::writeTime);
  EXPECT_EQ(sets.schedule.interval, 2);
  ASSERT_EQ(sets.sets.size(), 2u);
  EXPECT_EQ(sets.sets[0].name, "centre");
  EXPECT_EQ(sets.sets[0].type, "uniform");
  EXPECT_EQ(sets.sets[0].nPoints, 11);
  EXPECT_EQ(sets.sets[0].axis, SetAxis::distance);
  EXPECT_EQ(sets.sets[1].axis, SetAxis::xyz);
  EXPECT_EQ(sets.sets[1].points(), (std::vector<Vec3>{{0, 0, 0}, {0.5, 0.5, 0.05}, {1, 1, 0.1}}));

  const ProbesSpec& probes = std::get<ProbesSpec>(specs[1]);
  EXPECT_EQ(probes.name, "probes");
  EXPECT_EQ(probes.locations, (std::vector<Vec3>{{0.1, 0.2, 0.05}, {0.9, 0.5, 0.05}}));
  EXPECT_EQ(probes.scheme, InterpolationScheme::cell);
  EXPECT_EQ(probes.schedule.control, WriteControl::timeStep);
  EXPECT_EQ(probes.schedule.interval, 1);

  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "system/controlDict: functions/fieldAverage1: function object type 'fieldAverage' is not "
                          "supported; skipped"}));
}

TEST(FunctionObjectSpecs, SetsInDictionaryFormWithDefaults) {
  const auto specs = readFunctionObjectSpecs(controlDict(R"(
    graphs
    {
        type sets;
        fields (T);
        sets
        {
            l1 { type uniform; axis x; start (0 0 0); end (2 0 0); nPoints 5; }
            pts { type cloud; axis y; points ((0 0 0) (0 3 0) (4 3 0)); }
        }
    }
    off { type probes; enabled false; fields (p); probeLocations ((0 0 0)); }
  )"));
  ASSERT_EQ(specs.size(), 1u);
  const SetsSpec& s = std::get<SetsSpec>(specs[0]);
  EXPECT_EQ(s.scheme, InterpolationScheme::cell);
  EXPECT_EQ(s.setFormat, "raw");
  ASSERT_EQ(s.sets.size(), 2u);
  EXPECT_EQ(s.sets[0].distances(), (std::vector<double>{0, 0.5, 1, 1.5, 2}));
  EXPECT_EQ(s.sets[0].axisColumns(), std::vector<std::string>{"x"});
  EXPECT_EQ(s.sets[1].type, "cloud");
  EXPECT_EQ(s.sets[1].distances(), (std::vector<double>{0, 3, 7}));
  EXPECT_EQ(s.sets[1].axisValues({1, 2, 3}, 9), std::vector<double>{2});
}

TEST(FunctionObjectSpecs, DamBreakTutorialSampling) {
  // system/sampling of OpenFOAM v1912's multiphase/interFoam/laminar/damBreak/damBreak, verbatim.
  const auto specs = readFunctionObjectSpecs(controlDict(R"(
    sampleSets
    {
        type    sets;
        libs    (sampling);

        writeControl  timeStep;
        writeInterval 1;

        setFormat           vtk;
        interpolationScheme cellPointFace;
        fields ( alpha.water );

        sets
        (
            gauge_1
            {
                type    face;
                axis    y;
                start   (0.02 0.20 0.005);
                end     (0.02 0.25 0.005);
                nPoints 100;
            }

            gauge_2
            {
                type    face;
                axis    y;
                start   (0.2 0.03 0.005);
                end     (0.2 0.55 0.005);
                nPoints 100;
            }
        );
    }
  )"));
  ASSERT_EQ(specs.size(), 1u);
  const SetsSpec& s = std::get<SetsSpec>(specs[0]);
  EXPECT_EQ(s.name, "sampleSets");
  EXPECT_EQ(s.scheme, InterpolationScheme::cellPointFace);
  EXPECT_STREQ(schemeName(s.scheme), "cellPointFace");
  EXPECT_EQ(s.setFormat, "vtk");
  EXPECT_EQ(s.fields, std::vector<std::string>{"alpha.water"});
  EXPECT_EQ(s.schedule.control, WriteControl::timeStep);
  EXPECT_EQ(s.schedule.interval, 1);
  ASSERT_EQ(s.sets.size(), 2u);
  EXPECT_EQ(s.sets[0].name, "gauge_1");
  EXPECT_EQ(s.sets[0].type, "face");
  EXPECT_TRUE(s.sets[0].onMeshFaces());
  EXPECT_EQ(s.sets[0].axis, SetAxis::y);
  EXPECT_EQ(s.sets[0].start, (Vec3{0.02, 0.2, 0.005}));
  EXPECT_EQ(s.sets[0].end, (Vec3{0.02, 0.25, 0.005}));
  EXPECT_EQ(s.sets[1].start, (Vec3{0.2, 0.03, 0.005}));
  EXPECT_EQ(s.sets[1].end, (Vec3{0.2, 0.55, 0.005}));
  // The points of a face set come from the mesh (faceSetSamples), not from the settings.
  EXPECT_THROW(s.sets[0].points(), Error);
  EXPECT_FALSE(std::get<SetsSpec>(readFunctionObjectSpecs(controlDict(
                   "l { type sets; fields (p); sets ( a { type uniform; axis x; start (0 0 0); end (1 0 0); "
                   "nPoints 2; } ); }"))[0])
                   .sets[0]
                   .onMeshFaces());
}

TEST(FunctionObjectSpecs, NoFunctionsMeansNoObjects) {
  EXPECT_TRUE(readFunctionObjectSpecs(io::Dictionary::parse("endTime 1;", "system/controlDict")).empty());
}

TEST(FunctionObjectSpecs, MalformedEntriesNameFileLineAndEntry) {
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( a { type uniform; axis distance; start (0 0 0); "
                    "end (1 0 0); } ); }"),
            "system/controlDict: functions/line/sets/a: missing 'nPoints'");
  EXPECT_EQ(errorOf("line { type sets; fields (p); interpolationScheme cellPatchConstrained;\n sets ( ); }"),
            "system/controlDict:4:51: 'interpolationScheme': unknown value 'cellPatchConstrained' (expected one of: "
            "cell, cellPoint, cellPointFace)");
  EXPECT_EQ(errorOf("pr { type probes; fields (p); probeLocations ((0 0 0));\n interpolationScheme cellpointface; }"),
            "system/controlDict:5:22: 'interpolationScheme': unknown value 'cellpointface' (expected one of: cell, "
            "cellPoint, cellPointFace)");
  EXPECT_EQ(errorOf("line { type sets; fields (p); setFormat gnuplot; sets ( ); }"),
            "system/controlDict:4:41: 'setFormat': unknown value 'gnuplot' (expected one of: raw, csv, vtk)");
  EXPECT_EQ(errorOf("line { type sets; fields (p);\n sets ( a { type midPoint; axis x; } ); }"),
            "system/controlDict:5:18: 'type': unknown value 'midPoint' (expected one of: uniform, lineUniform, face, "
            "cloud, points)");
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( a { type face; axis y; start (0 0 0); } ); }"),
            "system/controlDict: functions/line/sets/a: missing 'end'");
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( a { type face; axis y; start (1 2 3); end (1 2 3); } ); }"),
            "system/controlDict: functions/line/sets/a: start and end are the same point");
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( ); }"), "system/controlDict: functions/line: 'sets' is empty");
  EXPECT_EQ(errorOf("line { type sets; sets ( ); }"), "system/controlDict: functions/line: missing 'fields'");
  EXPECT_EQ(errorOf("pr { type probes; fields (p); }"), "system/controlDict: functions/pr: missing 'probeLocations'");
  EXPECT_EQ(errorOf("pr { type probes; fields (p p); probeLocations ((0 0 0)); }"),
            "system/controlDict: functions/pr: field 'p' listed twice in 'fields'");
  EXPECT_EQ(errorOf("pr { type probes; fields (p); probeLocations ((0 0 0)); writeControl timeStep; "
                    "writeInterval 1.5; }"),
            "system/controlDict: functions/pr: writeInterval must be a whole number of time steps, found 1.5");
  EXPECT_EQ(errorOf("pr { type probes; fields (p); probeLocations ((0 0 0)); writeControl runTime; "
                    "writeInterval 0; }"),
            "system/controlDict: functions/pr: writeInterval must be positive, found 0");
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( a { type uniform; axis distance; start (0 0 0); "
                    "end (0 0 0); nPoints 3; } ); }"),
            "system/controlDict: functions/line/sets/a: start and end are the same point");
  EXPECT_EQ(errorOf("line { type sets; fields (p); sets ( a b ); }"),
            "system/controlDict:4:40: 'sets': expected '{' after set name 'a', found 'b'");
  EXPECT_EQ(errorOf("nameless { fields (p); }"), "system/controlDict: functions/nameless: missing 'type'");
}

TEST(WriteTimer, TimeStepWriteTimeAndRunTimeControls) {
  WriteTimer everyThird({WriteControl::timeStep, 3}, 0.0);
  std::vector<long> fired;
  for (long i = 1; i <= 10; ++i)
    if (everyThird.due({0.1 * i, 0.1, i, false, ""})) fired.push_back(i);
  EXPECT_EQ(fired, (std::vector<long>{3, 6, 9}));

  WriteTimer everySecondWrite({WriteControl::writeTime, 2}, 0.0);
  fired.clear();
  for (long i = 1; i <= 12; ++i)
    if (everySecondWrite.due({0.1 * i, 0.1, i, i % 3 == 0, ""})) fired.push_back(i);
  EXPECT_EQ(fired, (std::vector<long>{6, 12}));

  // Every 0.3125 s with steps of 0.125 s from t = 1 (exact binary fractions): fires when
  // floor((i*0.125 + 0.0625) / 0.3125) = floor((2i + 1) / 5) grows.
  WriteTimer quarter({WriteControl::runTime, 0.3125}, 1.0);
  fired.clear();
  for (long i = 1; i <= 10; ++i)
    if (quarter.due({1.0 + 0.125 * i, 0.125, i, false, ""})) fired.push_back(i);
  EXPECT_EQ(fired, (std::vector<long>{2, 5, 7, 10}));
}

}  // namespace
}  // namespace sluice::output
