// Reading system/setFieldsDict: value lists, regions in order, the field
// names, and one message naming the file and entry for every bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/field/set_fields_dict.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::field {
namespace {

using ::testing::ElementsAre;

SetFieldsDict parse(const std::string& text) {
  return SetFieldsDict::read(io::Dictionary::parse(text, "system/setFieldsDict"));
}

std::string errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// One boxToCell region with the given fieldValues.
std::string withRegionValues(const std::string& values) {
  return "regions ( boxToCell { box (0 0 0) (1 1 1); fieldValues ( " + values + " ); } );";
}

TEST(SetFieldsDict, ReadsDefaultsAndRegionsInOrder) {
  const SetFieldsDict spec = parse(
      "defaultFieldValues ( volScalarFieldValue alpha.water 0 volVectorFieldValue U (0 0 0) );\n"
      "regions\n(\n"
      "  boxToCell { box (0 0 -1) (0.5 0.5 1); fieldValues ( volScalarFieldValue alpha.water 1 ); }\n"
      "  sphereToCell { origin (0.5 0.5 0); radius 0.1;\n"
      "                 fieldValues ( volVectorFieldValue U (1 -2 0.5) volScalarFieldValue T 300 ); }\n"
      ");\n");
  EXPECT_TRUE(spec.hasDefaults);
  ASSERT_EQ(spec.defaults.size(), 2u);
  EXPECT_EQ(spec.defaults[0].field, "alpha.water");
  EXPECT_EQ(std::get<Scalar>(spec.defaults[0].value), 0.0);
  EXPECT_EQ(spec.defaults[0].fieldClass(), "volScalarField");
  EXPECT_EQ(spec.defaults[0].where, "system/setFieldsDict: defaultFieldValues: volScalarFieldValue alpha.water");
  EXPECT_EQ(std::get<Vec3>(spec.defaults[1].value), (Vec3{0, 0, 0}));
  EXPECT_EQ(spec.defaults[1].fieldClass(), "volVectorField");
  ASSERT_EQ(spec.regions.size(), 2u);
  EXPECT_EQ(spec.regions[0].selector->type(), "boxToCell");
  EXPECT_EQ(spec.regions[1].selector->type(), "sphereToCell");
  ASSERT_EQ(spec.regions[1].values.size(), 2u);
  EXPECT_EQ(std::get<Vec3>(spec.regions[1].values[0].value), (Vec3{1, -2, 0.5}));
  EXPECT_EQ(spec.regions[1].values[0].where,
            "system/setFieldsDict: regions/sphereToCell/fieldValues: volVectorFieldValue U");
  EXPECT_EQ(std::get<Scalar>(spec.regions[1].values[1].value), 300.0);
  EXPECT_THAT(spec.fieldNames(), ElementsAre("alpha.water", "U", "T"));
}

TEST(SetFieldsDict, DefaultsAreOptionalRegionsAreNot) {
  const SetFieldsDict spec = parse(withRegionValues("volScalarFieldValue alpha.water 1"));
  EXPECT_FALSE(spec.hasDefaults);
  EXPECT_EQ(spec.regions.size(), 1u);
  EXPECT_EQ(errorOf("defaultFieldValues ( volScalarFieldValue alpha.water 0 );"),
            "system/setFieldsDict: missing 'regions'");
  EXPECT_EQ(errorOf("regions ( boxToCell { box (0 0 0) (1 1 1); } );"),
            "system/setFieldsDict: regions/boxToCell: missing 'fieldValues'");
}

TEST(SetFieldsDict, BadEntriesNameTheFileAndEntry) {
  EXPECT_EQ(errorOf("regions ( rotatedBoxToCell { origin (0 0 0); fieldValues (); } );"),
            "system/setFieldsDict: regions: unknown region type 'rotatedBoxToCell'; supported: boxToCell, "
            "cylinderToCell, sphereToCell");
  EXPECT_EQ(errorOf("regions ( boxToFace { box (0 0 0) (1 1 1); fieldValues (); } );"),
            "system/setFieldsDict: regions: unknown region type 'boxToFace'; supported: boxToCell, "
            "cylinderToCell, sphereToCell");
  EXPECT_EQ(errorOf(withRegionValues("volTensorFieldValue T (1 0 0 0 1 0 0 0 1)")),
            "system/setFieldsDict:1:58: 'fieldValues': unknown field value type 'volTensorFieldValue'; "
            "supported: volScalarFieldValue, volVectorFieldValue");
  EXPECT_EQ(errorOf("defaultFieldValues ( volSymmTensorFieldValue R (0 0 0 0 0 0) ); regions ();"),
            "system/setFieldsDict:1:22: 'defaultFieldValues': unknown field value type 'volSymmTensorFieldValue'; "
            "supported: volScalarFieldValue, volVectorFieldValue");
  EXPECT_EQ(errorOf(withRegionValues("volVectorFieldValue U 1")),
            "system/setFieldsDict:1:80: 'fieldValues': volVectorFieldValue U: expected a vector (x y z), found '1'");
  EXPECT_EQ(errorOf(withRegionValues("volScalarFieldValue alpha.water (1 0 0)")),
            "system/setFieldsDict:1:90: 'fieldValues': volScalarFieldValue alpha.water: expected a scalar, found '('");
  EXPECT_EQ(errorOf(withRegionValues("volScalarFieldValue alpha.water")),
            "system/setFieldsDict:1:90: 'fieldValues': volScalarFieldValue alpha.water: expected a scalar, found ')'");
}

}  // namespace
}  // namespace sluice::field
