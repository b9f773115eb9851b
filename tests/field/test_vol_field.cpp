// VolField on one rank: default conditions, boundary evaluation with
// coupled (cyclic) faces, old time levels, deep copies; SurfaceField.
#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_registry.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;

const io::DimensionSet kVelocity{{0, 1, -1, 0, 0, 0, 0}};

class VolFields : public ::testing::Test {
 protected:
  // 4x3x1 box of 0.5 x 0.5 x 0.1 cells, cyclic in x.
  VolFields() : comm_(MPI_COMM_SELF), mesh_(makeSerialFvMesh(fieldtest::box(BoxSpec(4, 3, 1, {2.0, 1.5, 0.1}).cyclicX()), comm_)) {}
  parallel::Communicator comm_;
  FvMesh mesh_;
};

TEST_F(VolFields, DefaultConditionsFollowThePatchKind) {
  VolVectorField U("U", mesh_, kVelocity, Vec3{1, 2, 3});
  EXPECT_EQ(U.values().size(), static_cast<std::size_t>(mesh_.nLocalCells()));
  EXPECT_EQ(U.boundaryValues().size(), static_cast<std::size_t>(mesh_.nBoundaryFaces()));
  EXPECT_EQ(U.boundaryCondition(0), nullptr);  // cyclic
  EXPECT_EQ(U.boundaryCondition(1), nullptr);
  EXPECT_EQ(U.boundaryCondition(2)->type(), "calculated");
  EXPECT_TRUE(U.boundaryCondition(4)->isEmpty());
  EXPECT_TRUE(U.fixesValue());  // `calculated` counts as fixed, as in OpenFOAM
  EXPECT_EQ(U.patchValues(3)[1], (Vec3{1, 2, 3}));
  EXPECT_EQ(U.internal().size(), 12u);
}

TEST_F(VolFields, GivenValuesAreMovedInAndTheirCountChecked) {
  // A result made elsewhere (a gradient, an interpolate) becomes the field's
  // storage without a copy; the conditions are the default ones.
  std::vector<Vec3> cells(static_cast<std::size_t>(mesh_.nLocalCells()), Vec3{1, 2, 3});
  const Vec3* storage = cells.data();
  VolVectorField U("U", mesh_, kVelocity, std::move(cells));
  EXPECT_EQ(U.values().data(), storage);
  EXPECT_EQ(U.boundaryCondition(2)->type(), "calculated");
  EXPECT_TRUE(U.boundaryCondition(4)->isEmpty());
  EXPECT_EQ(U.boundaryValues().size(), static_cast<std::size_t>(mesh_.nBoundaryFaces()));
  EXPECT_THROW(VolVectorField("V", mesh_, kVelocity, std::vector<Vec3>(3)), Error);

  std::vector<Scalar> faces(static_cast<std::size_t>(mesh_.nFaces()), 0.5);
  const Scalar* faceStorage = faces.data();
  const SurfaceScalarField phi("phi", mesh_, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}, std::move(faces));
  EXPECT_EQ(phi.values().data(), faceStorage);
  EXPECT_THROW(SurfaceScalarField("psi", mesh_, io::DimensionSet{}, std::vector<Scalar>(2)), Error);
}

TEST_F(VolFields, CorrectBoundaryConditionsFillsGhostsAndCoupledFaces) {
  VolScalarField T("T", mesh_, io::DimensionSet{{0, 0, 0, 1, 0, 0, 0}});
  for (Label c = 0; c < mesh_.nCells(); ++c) T[c] = mesh_.cellCentres()[c].x;  // 0.25 .. 1.75
  T.setBoundaryCondition(2, std::make_unique<FixedValueBC<Scalar>>(2, std::vector<Scalar>(4, 7.0)));
  T.setBoundaryCondition(3, std::make_unique<ZeroGradientBC<Scalar>>(3));
  T.correctBoundaryConditions();
  // Cyclic ghosts hold the partner cells' values; coupled faces the average
  // of the two sides (weights 0.5): (0.25 + 1.75) / 2.
  for (Label g = mesh_.nCells(); g < mesh_.nLocalCells(); ++g)
    EXPECT_EQ(T[g], T[static_cast<Label>(mesh_.globalCellIds()[g])]);
  for (Scalar v : T.patchValues(0)) EXPECT_NEAR(v, 1.0, 1e-14);
  for (Scalar v : T.patchValues(1)) EXPECT_NEAR(v, 1.0, 1e-14);
  EXPECT_EQ(T.patchValues(2)[3], 7.0);
  EXPECT_EQ(T.patchValues(3)[1], T[9]);  // zero gradient: cell (1, 2)
  EXPECT_NEAR(T[9], 0.75, 1e-14);
  EXPECT_TRUE(T.fixesValue());
  EXPECT_EQ(T.boundaryValue(mesh_.patches()[2].start), 7.0);
}

TEST_F(VolFields, OldTimeLevels) {
  VolScalarField p("p", mesh_, io::DimensionSet{});
  EXPECT_EQ(p.nOldTimes(), 0);
  EXPECT_THROW(p.oldTime(), Error);
  std::fill(p.values().begin(), p.values().end(), 1.0);
  p.storeOldTime();
  std::fill(p.values().begin(), p.values().end(), 2.0);
  EXPECT_EQ(p.nOldTimes(), 1);
  EXPECT_EQ(p.oldTime()[5], 1.0);
  EXPECT_THROW(p.oldOldTime(), Error);
  p.storeOldTime();  // one level until a scheme asks for two (Euler keeps one copy)
  EXPECT_EQ(p.nOldTimes(), 1);
  EXPECT_EQ(p.oldTime()[0], 2.0);
  EXPECT_THROW(p.oldOldTime(), Error);
  p.keepOldOldTime();  // the backward scheme's first use
  std::fill(p.values().begin(), p.values().end(), 3.0);
  p.storeOldTime();
  EXPECT_EQ(p.nOldTimes(), 2);
  EXPECT_EQ(p.oldTime()[0], 3.0);
  EXPECT_EQ(p.oldOldTime()[0], 2.0);
  EXPECT_EQ(p.oldTime().size(), static_cast<std::size_t>(mesh_.nLocalCells()));
}

TEST_F(VolFields, CopiesAreDeep) {
  VolScalarField a("a", mesh_, io::DimensionSet{});
  a.setBoundaryCondition(2, std::make_unique<FixedValueBC<Scalar>>(2, std::vector<Scalar>(4, 1.0)));
  VolScalarField b = a;
  b.rename("b");
  dynamic_cast<FixedValueBC<Scalar>*>(b.boundaryCondition(2))->values()[0] = 5.0;
  b[0] = 9.0;
  a.correctBoundaryConditions();
  b.correctBoundaryConditions();
  EXPECT_EQ(a.patchValues(2)[0], 1.0);
  EXPECT_EQ(b.patchValues(2)[0], 5.0);
  EXPECT_EQ(a[0], 0.0);
  EXPECT_EQ(a.name(), "a");
  VolScalarField c("c", mesh_, io::DimensionSet{});
  c = b;
  EXPECT_EQ(c.name(), "b");
  EXPECT_EQ(c.boundaryCondition(2)->type(), "fixedValue");
  EXPECT_NE(c.boundaryCondition(2), b.boundaryCondition(2));
}

TEST_F(VolFields, SetBoundaryConditionChecksThePatch) {
  VolScalarField p("p", mesh_, io::DimensionSet{});
  EXPECT_THROW(p.setBoundaryCondition(0, std::make_unique<ZeroGradientBC<Scalar>>(0)), Error);   // cyclic
  EXPECT_THROW(p.setBoundaryCondition(2, std::make_unique<ZeroGradientBC<Scalar>>(3)), Error);   // other patch
  EXPECT_THROW(p.setBoundaryCondition(9, std::make_unique<ZeroGradientBC<Scalar>>(9)), Error);   // out of range
}

TEST_F(VolFields, InletOutletFindsTheFluxInTheRegistry) {
  FieldRegistry fields;
  VolScalarField& k = fields.add(VolScalarField("k", mesh_, io::DimensionSet{}), {.write = true});
  for (Label c = 0; c < mesh_.nCells(); ++c) k[c] = c;
  k.setBoundaryCondition(3, std::make_unique<InletOutletBC<Scalar>>(3, std::vector<Scalar>(4, -1.0)));
  SurfaceScalarField& phi =
      fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}, 1.0), {.oldTimes = true});
  EXPECT_EQ(phi.values().size(), static_cast<std::size_t>(mesh_.nFaces()));
  phi.patchValues(3)[2] = -0.5;
  fields.linkBoundaryConditions();
  k.correctBoundaryConditions();
  // top faces are owned by cells 8..11; face 2 has inflow.
  EXPECT_EQ(k.patchValues(3)[0], 8.0);
  EXPECT_EQ(k.patchValues(3)[2], -1.0);
  EXPECT_EQ(k.patchValues(3)[3], 11.0);
  // A copy keeps the link.
  VolScalarField copy = k;
  phi.patchValues(3)[0] = -2.0;
  copy.correctBoundaryConditions();
  EXPECT_EQ(copy.patchValues(3)[0], -1.0);
}

}  // namespace
}  // namespace sluice::field
