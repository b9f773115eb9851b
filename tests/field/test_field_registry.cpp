// FieldRegistry: named fields owned in one place, found by name and type,
// changed through modify() with a version and an observer told first, and
// which fields the boundary conditions read.
#include <gtest/gtest.h>
#include <mpi.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_registry.hpp"

namespace sluice::field {
namespace {

class Recorder : public FieldObserver {
 public:
  void beforeModify(const std::string& name, std::uint64_t version) override {
    events.push_back(name + "@" + std::to_string(version));
  }
  std::vector<std::string> events;
};

class FieldRegistryTest : public ::testing::Test {
 protected:
  FieldRegistryTest() : comm_(MPI_COMM_SELF), mesh_(makeSerialFvMesh(fieldtest::box(fieldtest::BoxSpec(3, 2, 1)), comm_)) {}
  parallel::Communicator comm_;
  FvMesh mesh_;
};

TEST_F(FieldRegistryTest, FindsFieldsByNameAndTypeAtAStableAddress) {
  FieldRegistry fields;
  VolScalarField& p = fields.add(VolScalarField("p", mesh_, io::DimensionSet{}, 1.0), {.write = true});
  VolVectorField& U = fields.add(VolVectorField("U", mesh_, io::DimensionSet{}), {.write = true, .oldTimes = true});
  fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{}), {.oldTimes = true});
  EXPECT_EQ(&fields.get<VolScalarField>("p"), &p);
  EXPECT_EQ(&fields.get<VolVectorField>("U"), &U);
  EXPECT_EQ(fields.find<VolVectorField>("p"), nullptr);  // another type
  EXPECT_EQ(fields.find<VolScalarField>("T"), nullptr);
  EXPECT_TRUE(fields.contains("phi"));
  EXPECT_EQ(fields.names(), (std::vector<std::string>{"p", "U", "phi"}));
  EXPECT_TRUE(fields.options("U").oldTimes);
  EXPECT_FALSE(fields.options("phi").write);
  // Many more fields do not move the first ones.
  for (int i = 0; i < 50; ++i) fields.add(VolScalarField(fmt::format("s{}", i), mesh_, io::DimensionSet{}));
  EXPECT_EQ(&fields.get<VolScalarField>("p"), &p);
  EXPECT_EQ(p[0], 1.0);
}

TEST_F(FieldRegistryTest, LookupErrorsNameTheFieldAndWhatIsThere) {
  FieldRegistry fields;
  fields.add(VolScalarField("p", mesh_, io::DimensionSet{}));
  try {
    fields.get<VolVectorField>("p");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "field 'p' is a volScalarField, not a volVectorField");
  }
  try {
    fields.get<SurfaceScalarField>("phi");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "no surfaceScalarField 'phi' among the fields (p)");
  }
  EXPECT_THROW(fields.add(VolScalarField("p", mesh_, io::DimensionSet{})), Error);  // name taken
}

TEST_F(FieldRegistryTest, ModifyAdvancesTheVersionAfterTellingTheObserver) {
  FieldRegistry fields;
  Recorder recorder;
  fields.setObserver(&recorder);
  fields.add(VolScalarField("p", mesh_, io::DimensionSet{}));
  fields.add(VolVectorField("U", mesh_, io::DimensionSet{}), {.oldTimes = true});
  fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{}), {.oldTimes = true});
  EXPECT_EQ(fields.version("p"), 0u);
  fields.modify<VolScalarField>("p")[0] = 2.0;
  fields.modify<VolScalarField>("p")[1] = 3.0;
  EXPECT_EQ(fields.version("p"), 2u);
  EXPECT_EQ(fields.get<VolScalarField>("p")[1], 3.0);
  // Storing old times changes the fields that keep them, announced the same way.
  fields.storeOldTimes();
  EXPECT_EQ(fields.version("U"), 1u);
  EXPECT_EQ(fields.version("phi"), 1u);
  EXPECT_EQ(fields.get<VolVectorField>("U").nOldTimes(), 1);
  EXPECT_EQ(fields.get<SurfaceScalarField>("phi").nOldTimes(), 1);
  EXPECT_EQ(recorder.events, (std::vector<std::string>{"p@0", "p@1", "U@0", "phi@0"}));
  // Reading does not count.
  (void)fields.get<VolScalarField>("p");
  EXPECT_EQ(recorder.events.size(), 4u);
  EXPECT_THROW(fields.modify<VolVectorField>("p"), Error);
  EXPECT_EQ(recorder.events.size(), 4u);  // a failed lookup announces nothing
}

TEST_F(FieldRegistryTest, LinksEveryVolumeFieldsConditions) {
  FieldRegistry fields;
  VolScalarField& k = fields.add(VolScalarField("k", mesh_, io::DimensionSet{}));
  k.setBoundaryCondition(3, std::make_unique<InletOutletBC<Scalar>>(3, std::vector<Scalar>(3, 5.0), "phi",
                                                                      "0/k: boundaryField/top"));
  try {
    fields.linkBoundaryConditions();  // no flux registered yet
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/k: boundaryField/top: inletOutlet reads the flux 'phi', which is not a field of this solver "
                 "(fields: k)");
  }
  SurfaceScalarField& phi = fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{}, -1.0));
  fields.linkBoundaryConditions();
  k.correctBoundaryConditions();
  EXPECT_EQ(k.patchValues(3)[0], 5.0);  // all inflow
  (void)phi;
}

TEST_F(FieldRegistryTest, TellsWhetherAConditionReadsAField) {
  FieldRegistry fields;
  VolScalarField& p = fields.add(VolScalarField("p", mesh_, io::DimensionSet{}));
  fields.add(VolVectorField("U", mesh_, io::DimensionSet{}));
  fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{}));
  fields.add(SurfaceScalarField("phiAlt", mesh_, io::DimensionSet{}));
  EXPECT_FALSE(fields.conditionsRead("phi"));  // zeroGradient everywhere reads nothing
  EXPECT_FALSE(fields.conditionsRead("U"));
  p.setBoundaryCondition(2, std::make_unique<TotalPressureBC>(2, std::vector<Scalar>(3, 0.0), TotalPressureBC::Names{},
                                                               false, "0/p: boundaryField/side"));
  EXPECT_TRUE(fields.conditionsRead("phi"));
  EXPECT_TRUE(fields.conditionsRead("U"));
  EXPECT_FALSE(fields.conditionsRead("rho"));  // kinematic: no density
  EXPECT_FALSE(fields.conditionsRead("phiAlt"));
  VolScalarField& k = fields.add(VolScalarField("k", mesh_, io::DimensionSet{}));
  k.setBoundaryCondition(3, std::make_unique<InletOutletBC<Scalar>>(3, std::vector<Scalar>(3, 5.0), "phiAlt",
                                                                      "0/k: boundaryField/top"));
  EXPECT_TRUE(fields.conditionsRead("phiAlt"));
  EXPECT_TRUE(k.conditionsRead("phiAlt"));
  EXPECT_FALSE(k.conditionsRead("phi"));
}

}  // namespace
}  // namespace sluice::field
