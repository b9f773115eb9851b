// Every built-in boundary condition on hand-checked values: a 2x2x1 box of
// unit cubes, conditions on patch "left" (x = 0, outward normal -x; faces
// j = 0, 1 owned by cells 0 and 2, face centres 0.5 from the cell centres,
// so the boundary delta coefficient is 2).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_condition_registry.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_registry.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;

class BoundaryConditions : public ::testing::Test {
 protected:
  BoundaryConditions() : comm_(MPI_COMM_SELF), mesh_(makeSerialFvMesh(fieldtest::box(BoxSpec(2, 2, 1, {2, 2, 1})), comm_)) {
    scalars_ = {1.0, 2.0, 3.0, 4.0};
    vectors_ = {{1, 2, 3}, {0, 0, 0}, {-4, 5, 6}, {0, 0, 0}};
  }

  template <class T>
  std::unique_ptr<BoundaryCondition<T>> make(const std::string& text, Label patch = 0, const char* file = "0/f") {
    return makeBoundaryCondition<T>(io::Dictionary::parse(text, file), mesh_, patch, file);
  }

  template <class T>
  struct Coeffs {
    std::vector<T> vi, gi;
    std::vector<T> vb, gb, face;
  };

  /// The face values after evaluation (starting from `stored`), then the
  /// coefficients with those face values stored.
  template <class T>
  Coeffs<T> coeffs(const BoundaryCondition<T>& bc, const std::vector<T>& cells, std::vector<T> stored = {}) {
    const Label n = mesh_.patches()[bc.patch()].size;
    Coeffs<T> c{std::vector<T>(n, allComponents<T>(-99)), std::vector<T>(n, allComponents<T>(-99)),
                std::vector<T>(n), std::vector<T>(n), stored.empty() ? std::vector<T>(n) : stored};
    bc.evaluate(mesh_, cells, c.face);
    bc.valueCoeffs(mesh_, cells, c.face, c.vi, c.vb);
    bc.gradientCoeffs(mesh_, cells, c.face, c.gi, c.gb);
    return c;
  }

  parallel::Communicator comm_;
  FvMesh mesh_;
  std::vector<Scalar> scalars_;
  std::vector<Vec3> vectors_;
};

TEST_F(BoundaryConditions, DeltaCoefficientOfTheBox) {
  EXPECT_DOUBLE_EQ(boundaryDeltaCoeff(mesh_, mesh_.patches()[0].start), 2.0);
  EXPECT_DOUBLE_EQ(boundaryDeltaCoeff(mesh_, mesh_.patches()[0].start + 1), 2.0);
}

TEST_F(BoundaryConditions, FixedValueScalar) {
  auto bc = make<Scalar>("type fixedValue; value uniform 3;");
  EXPECT_EQ(bc->type(), "fixedValue");
  EXPECT_TRUE(bc->fixesValue());
  const auto c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{3, 3}));
  EXPECT_EQ(c.vi, (std::vector<Scalar>{0, 0}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{3, 3}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{-2, -2}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{6, 6}));
  // dv/dn from the coefficients = (v_b - v_P) / 0.5 for the owners 1 and 3.
  EXPECT_DOUBLE_EQ(c.gi[0] * scalars_[0] + c.gb[0], (3.0 - 1.0) / 0.5);
  EXPECT_DOUBLE_EQ(c.gi[1] * scalars_[2] + c.gb[1], (3.0 - 3.0) / 0.5);
}

TEST_F(BoundaryConditions, FixedValueNonuniformFollowsPatchOrder) {
  auto bc = make<Vec3>("type fixedValue; value nonuniform List<vector> 2((1 0 0) (0 2 0));");
  const auto c = coeffs(*bc, vectors_);
  EXPECT_EQ(c.face, (std::vector<Vec3>{{1, 0, 0}, {0, 2, 0}}));
  EXPECT_EQ(c.gb, (std::vector<Vec3>{{2, 0, 0}, {0, 4, 0}}));
}

TEST_F(BoundaryConditions, ZeroGradient) {
  auto bc = make<Scalar>("type zeroGradient;");
  EXPECT_FALSE(bc->fixesValue());
  const auto c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{1, 3}));
  EXPECT_EQ(c.vi, (std::vector<Scalar>{1, 1}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{0, 0}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{0, 0}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{0, 0}));
}

TEST_F(BoundaryConditions, CalculatedKeepsFaceValuesAndCountsAsFixed) {
  auto bc = make<Scalar>("type calculated; value uniform 7;");
  std::vector<Scalar> face{7, 8};
  bc->evaluate(mesh_, scalars_, face);
  EXPECT_EQ(face, (std::vector<Scalar>{7, 8}));
  // As OpenFOAM: fixesValue, and the normal gradient (v_f - v_P) d.
  const auto c = coeffs(*bc, scalars_, {7, 8});
  EXPECT_EQ(c.vi, (std::vector<Scalar>{0, 0}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{7, 8}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{-2, -2}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{14, 16}));
  EXPECT_TRUE(bc->fixesValue());
  EXPECT_TRUE(bc->assignable());
}

TEST_F(BoundaryConditions, NoSlip) {
  auto bc = make<Vec3>("type noSlip;");
  EXPECT_TRUE(bc->fixesValue());
  const auto c = coeffs(*bc, vectors_);
  EXPECT_EQ(c.face, (std::vector<Vec3>{{0, 0, 0}, {0, 0, 0}}));
  EXPECT_EQ(c.vi, (std::vector<Vec3>{{0, 0, 0}, {0, 0, 0}}));
  EXPECT_EQ(c.gi, (std::vector<Vec3>{{-2, -2, -2}, {-2, -2, -2}}));
  EXPECT_EQ(c.gb, (std::vector<Vec3>{{0, 0, 0}, {0, 0, 0}}));
  EXPECT_FALSE(bc->assignable());
}

TEST_F(BoundaryConditions, SlipRemovesTheNormalComponentPerComponent) {
  // Normal -x: the x component goes. As OpenFOAM's basicSymmetry, each
  // component has its own diagonal coefficient: D = |n| = (1, 0, 0), so x is
  // fixed (at zero) and y, z have zero gradient, all implicitly.
  auto bc = make<Vec3>("type slip;");
  EXPECT_EQ(bc->type(), "slip");
  EXPECT_FALSE(bc->assignable());  // constrainHbyA copies U's face values on slip walls
  const auto c = coeffs(*bc, vectors_);
  EXPECT_EQ(c.face, (std::vector<Vec3>{{0, 2, 3}, {0, 5, 6}}));
  EXPECT_EQ(c.vi, (std::vector<Vec3>{{0, 1, 1}, {0, 1, 1}}));
  EXPECT_EQ(c.vb, (std::vector<Vec3>{{0, 0, 0}, {0, 0, 0}}));
  EXPECT_EQ(c.gi, (std::vector<Vec3>{{-2, 0, 0}, {-2, 0, 0}}));
  EXPECT_EQ(c.gb, (std::vector<Vec3>{{0, 0, 0}, {0, 0, 0}}));
  // Normal gradient from the coefficients: (v_f - v_P) * 2.
  EXPECT_EQ(cmptMultiply(c.gi[0], vectors_[0]) + c.gb[0], (Vec3{-2, 0, 0}));
  EXPECT_EQ(cmptMultiply(c.gi[1], vectors_[2]) + c.gb[1], (Vec3{8, 0, 0}));
}

TEST_F(BoundaryConditions, SymmetryTypesGoWithTheirPatchType) {
  parallel::Communicator comm(MPI_COMM_SELF);
  for (const char* type : {"symmetryPlane", "symmetry"}) {
    BoxSpec spec(2, 2, 1, {2, 2, 1});
    spec.xType = type;
    FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
    auto bc = makeBoundaryCondition<Vec3>(io::Dictionary::parse(std::string("type ") + type + ";", "0/U"), m, 0,
                                          "0/U");
    EXPECT_EQ(bc->type(), type);
    EXPECT_TRUE(bc->assignable());
    std::vector<Vec3> face(2);
    bc->evaluate(m, vectors_, face);
    EXPECT_EQ(face, (std::vector<Vec3>{{0, 2, 3}, {0, 5, 6}}));
    // A field created without a file gets the constraint condition there.
    VolVectorField U("U", m, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}});
    EXPECT_EQ(U.boundaryCondition(0)->type(), type);
    // Another type on a symmetry patch, or the symmetry type elsewhere, is refused (as OpenFOAM).
    EXPECT_THROW(makeBoundaryCondition<Vec3>(io::Dictionary::parse("type zeroGradient;", "0/U"), m, 0, "0/U"),
                 InputError);
  }
  try {
    make<Vec3>("type symmetryPlane;", 0, "0/U");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/U: boundaryField/left: boundary condition type 'symmetryPlane' is only valid on patches of type "
                 "'symmetryPlane' (this patch is 'patch')");
  }
}

TEST_F(BoundaryConditions, SlipOnAnObliqueWall) {
  // Sheared box y' = y + x/2: patch "bottom" lies on y = x/2, outward normal
  // (0.5, -1, 0)/sqrt(1.25). U = (1 1 0) loses n(n.U) = -(0.2, -0.4, 0).
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec(2, 2, 1, {2, 2, 1});
  spec.map = [](const Vec3& p) { return Vec3{p.x, p.y + 0.5 * p.x, p.z}; };
  FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
  auto bc = makeBoundaryCondition<Vec3>(io::Dictionary::parse("type slip;", "0/U"), m, 2, "0/U");
  std::vector<Vec3> cells(4, Vec3{1, 1, 0});
  std::vector<Vec3> face(2);
  bc->evaluate(m, cells, face);
  for (const Vec3& v : face) {
    EXPECT_NEAR(v.x, 1.2, 1e-14);
    EXPECT_NEAR(v.y, 0.6, 1e-14);
    EXPECT_NEAR(v.z, 0.0, 1e-14);
  }
  // The implicit part per component is |n|; the rest is explicit, so the
  // coefficients reproduce the face value and the normal gradient -d n (n.U).
  std::vector<Vec3> vi(2), vb(2), gi(2), gb(2);
  bc->valueCoeffs(m, cells, face, vi, vb);
  bc->gradientCoeffs(m, cells, face, gi, gb);
  const Scalar s = 1 / std::sqrt(1.25);
  const Vec3 n{0.5 * s, -s, 0};
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(vi[i].x, 1 - 0.5 * s, 1e-14);
    EXPECT_NEAR(vi[i].y, 1 - s, 1e-14);
    EXPECT_NEAR(vi[i].z, 1, 1e-14);
    const Vec3 value = cmptMultiply(vi[i], cells[0]) + vb[i];
    EXPECT_NEAR(mag(value - face[i]), 0, 1e-14);
    const Scalar d = boundaryDeltaCoeff(m, m.patches()[2].start + i);
    const Vec3 snGrad = cmptMultiply(gi[i], cells[0]) + gb[i];
    EXPECT_NEAR(mag(snGrad - (-d * dot(n, cells[0]) * n)), 0, 1e-13);
  }
}

TEST_F(BoundaryConditions, SlipOnScalarsIsZeroGradient) {
  {
    auto bc = make<Scalar>("type slip;");
    const auto c = coeffs(*bc, scalars_);
    EXPECT_EQ(c.face, (std::vector<Scalar>{1, 3}));
    EXPECT_EQ(c.vi, (std::vector<Scalar>{1, 1}));
    EXPECT_EQ(c.vb, (std::vector<Scalar>{0, 0}));
    EXPECT_EQ(c.gi, (std::vector<Scalar>{0, 0}));
    EXPECT_EQ(c.gb, (std::vector<Scalar>{0, 0}));
  }
}

TEST_F(BoundaryConditions, EmptyContributesNothing) {
  const Label front = mesh_.poly().findPatch("front");
  auto bc = make<Scalar>("type empty;", front);
  EXPECT_TRUE(bc->isEmpty());
  EXPECT_FALSE(bc->fixesValue());
  // The finite-volume view has no empty faces: the patch's 4 faces sit
  // behind nFaces() in poly(), and the condition has no values to give.
  EXPECT_EQ(mesh_.poly().patches()[front].size, 4);
  EXPECT_GE(mesh_.poly().patches()[front].start, mesh_.nFaces());
  EXPECT_EQ(mesh_.patches()[front].size, 0);
  const auto c = coeffs(*bc, scalars_);
  EXPECT_TRUE(c.vi.empty());
  EXPECT_TRUE(c.gb.empty());
  EXPECT_EQ(mesh_.patchKind(front), PatchKind::Empty);
}

TEST_F(BoundaryConditions, InletOutletSwitchesOnFluxSign) {
  auto bc = make<Scalar>("type inletOutlet; inletValue uniform 5; value uniform 0;");
  EXPECT_EQ(bc->type(), "inletOutlet");
  EXPECT_TRUE(bc->fixesValue());
  EXPECT_TRUE(bc->assignable());
  // Not linked to a flux yet (just read): the face values stay as they are,
  // and asking for coefficients is an error.
  std::vector<Scalar> face{0, 0};
  bc->evaluate(mesh_, scalars_, face);
  EXPECT_EQ(face, (std::vector<Scalar>{0, 0}));
  std::vector<Scalar> ci(2), cb(2);
  EXPECT_THROW(bc->valueCoeffs(mesh_, scalars_, face, ci, cb), Error);

  FieldRegistry fields;
  SurfaceScalarField& phi = fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}));
  const Label start = mesh_.patches()[0].start;
  phi[start] = -1.0;     // entering the domain
  phi[start + 1] = 1.0;  // leaving
  bc->link(fields);
  auto c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{5, 3}));
  EXPECT_EQ(c.vi, (std::vector<Scalar>{0, 1}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{5, 0}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{-2, 0}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{10, 0}));

  phi[start + 1] = 0.0;  // zero flux counts as outflow
  phi[start] = 2.0;
  c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{1, 3}));
}

TEST_F(BoundaryConditions, LinkingNamesTheMissingField) {
  FieldRegistry fields;
  fields.add(VolScalarField("p", mesh_, io::DimensionSet{}));
  auto bc = make<Vec3>("type inletOutlet; inletValue uniform (1 0 0); phi phiAbs;", 0, "0/U");
  try {
    bc->link(fields);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/U: boundaryField/left: inletOutlet reads the flux 'phiAbs', which is not a field of this solver "
                 "(fields: p)");
  }
}

TEST_F(BoundaryConditions, MixedBlendsValueAndGradient) {
  auto bc = make<Scalar>("type mixed; refValue uniform 4; refGradient uniform 2; valueFraction uniform 0.25;");
  EXPECT_TRUE(bc->fixesValue());
  EXPECT_FALSE(bc->assignable());
  const auto c = coeffs(*bc, scalars_);
  // v_f = 0.25 * 4 + 0.75 * (v_P + 2 / 2)
  EXPECT_EQ(c.face, (std::vector<Scalar>{1 + 0.75 * 2, 1 + 0.75 * 4}));
  EXPECT_EQ(c.vi, (std::vector<Scalar>{0.75, 0.75}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{1.75, 1.75}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{-0.5, -0.5}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{3.5, 3.5}));
  EXPECT_THROW(make<Scalar>("type mixed; refValue uniform 4; refGradient uniform 2; valueFraction uniform 2;"),
               InputError);
}

TEST_F(BoundaryConditions, TotalPressureSubtractsTheDynamicPressureOnInflow) {
  FieldRegistry fields;
  VolVectorField& U = fields.add(VolVectorField("U", mesh_, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}}));
  SurfaceScalarField& phi = fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}));
  const Label start = mesh_.patches()[0].start;
  U.patchValues(0)[0] = Vec3{3, 4, 0};  // |U|^2 = 25
  U.patchValues(0)[1] = Vec3{1, 0, 0};
  phi[start] = -1.0;    // inflow: p = p0 - 25/2
  phi[start + 1] = 1.0;  // outflow: p = p0

  const io::Dictionary d = io::Dictionary::parse("type totalPressure; p0 uniform 100;", "0/p");
  auto kinematic = BoundaryConditionRegistry<Scalar>::builtin().create(
      PatchInput{d, mesh_, 0, "0/p", io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}});
  EXPECT_TRUE(kinematic->fixesValue());
  std::vector<Scalar> face(2);
  kinematic->initialFaceValues(mesh_, scalars_, face);  // before linking: p0
  EXPECT_EQ(face, (std::vector<Scalar>{100, 100}));
  kinematic->link(fields);
  const auto c = coeffs(*kinematic, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{87.5, 100}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{175, 200}));

  // A pressure in Pa (p_rgh): the dynamic pressure has the density's face value.
  VolScalarField& rho = fields.add(VolScalarField("rho", mesh_, io::DimensionSet{{1, -3, 0, 0, 0, 0, 0}}, 2.0));
  (void)rho;
  auto withDensity = BoundaryConditionRegistry<Scalar>::builtin().create(
      PatchInput{d, mesh_, 0, "0/p_rgh", io::DimensionSet{{1, -1, -2, 0, 0, 0, 0}}});
  withDensity->link(fields);
  withDensity->evaluate(mesh_, scalars_, face);
  EXPECT_EQ(face, (std::vector<Scalar>{75, 100}));

  try {
    BoundaryConditionRegistry<Scalar>::builtin().create(
        PatchInput{io::Dictionary::parse("type totalPressure; p0 uniform 0; psi thermo:psi;", "0/p"), mesh_, 0, "0/p",
                   io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}});
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("0/p: boundaryField/left: totalPressure with psi 'thermo:psi'"));
  }
  EXPECT_THROW(BoundaryConditionRegistry<Scalar>::builtin().create(PatchInput{d, mesh_, 0, "0/T", io::DimensionSet{}}),
               InputError);
}

TEST_F(BoundaryConditions, PressureInletOutletVelocityFixesTheTangentialPartOnInflow) {
  FieldRegistry fields;
  SurfaceScalarField& phi = fields.add(SurfaceScalarField("phi", mesh_, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}));
  const Label start = mesh_.patches()[0].start;
  phi[start] = -1.0;    // inflow
  phi[start + 1] = 1.0;  // outflow
  auto bc = make<Vec3>("type pressureInletOutletVelocity; tangentialVelocity uniform (7 1 0); value uniform (0 0 0);");
  EXPECT_TRUE(bc->fixesValue());
  EXPECT_TRUE(bc->assignable());
  bc->link(fields);
  const auto c = coeffs(*bc, vectors_);
  // Inflow through the -x face: the normal (x) component from the cell, the
  // tangential ones from tangentialVelocity without its normal part.
  EXPECT_EQ(c.face[0], (Vec3{1, 1, 0}));
  EXPECT_EQ(c.vi[0], (Vec3{1, 0, 0}));
  EXPECT_EQ(c.vb[0], (Vec3{0, 1, 0}));
  EXPECT_EQ(c.gi[0], (Vec3{0, -2, -2}));
  EXPECT_EQ(cmptMultiply(c.gi[0], vectors_[0]) + c.gb[0], 2.0 * (c.face[0] - vectors_[0]));
  // Outflow: zero gradient.
  EXPECT_EQ(c.face[1], vectors_[2]);
  EXPECT_EQ(c.vi[1], (Vec3{1, 1, 1}));
  EXPECT_EQ(c.gi[1], (Vec3{0, 0, 0}));
  EXPECT_THROW(make<Vec3>("type pressureInletOutletVelocity;"), InputError);  // value is required
}

TEST_F(BoundaryConditions, UniformFixedValueTable) {
  auto bc = make<Scalar>("type uniformFixedValue; uniformValue table ((0 0) (1 2) (3 2.5));");
  const auto check = [&](Scalar t, Scalar expected) {
    bc->updateTime(t);
    std::vector<Scalar> face(2);
    bc->evaluate(mesh_, scalars_, face);
    EXPECT_DOUBLE_EQ(face[0], expected) << "t = " << t;
    EXPECT_DOUBLE_EQ(face[1], expected) << "t = " << t;
  };
  check(0.25, 0.5);
  check(1.0, 2.0);
  check(2.0, 2.25);
  check(-1.0, 0.0);  // clamped
  check(10.0, 2.5);
  EXPECT_TRUE(bc->fixesValue());
  bc->updateTime(0.5);
  const auto c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.gi, (std::vector<Scalar>{-2, -2}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{2, 2}));
}

TEST_F(BoundaryConditions, UniformFixedValueConstantAndPlain) {
  for (const char* text : {"type uniformFixedValue; uniformValue constant (1 2 3);",
                           "type uniformFixedValue; uniformValue (1 2 3);"}) {
    auto bc = make<Vec3>(text);
    bc->updateTime(42.0);
    std::vector<Vec3> face(2);
    bc->evaluate(mesh_, vectors_, face);
    EXPECT_EQ(face[1], (Vec3{1, 2, 3})) << text;
  }
  auto table = make<Vec3>("type uniformFixedValue; uniformValue table ((0 (0 0 0)) (2 (2 4 6)));");
  table->updateTime(1.0);
  std::vector<Vec3> face(2);
  table->evaluate(mesh_, vectors_, face);
  EXPECT_EQ(face[0], (Vec3{1, 2, 3}));
}

TEST_F(BoundaryConditions, FixedFluxPressureUsesTheSolversGradient) {
  auto bc = make<Scalar>("type fixedFluxPressure;");
  auto* ffp = dynamic_cast<FixedFluxPressureBC*>(bc.get());
  ASSERT_NE(ffp, nullptr);
  EXPECT_EQ(bc->type(), "fixedFluxPressure");
  EXPECT_FALSE(bc->fixesValue());
  auto c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{1, 3}));  // gradient zero until set
  const std::vector<Scalar> g{1.0, -4.0};
  ffp->setGradient(g);
  c = coeffs(*bc, scalars_);
  EXPECT_EQ(c.face, (std::vector<Scalar>{1.5, 1.0}));  // v_P + g / 2
  EXPECT_EQ(c.vi, (std::vector<Scalar>{1, 1}));
  EXPECT_EQ(c.vb, (std::vector<Scalar>{0.5, -2.0}));
  EXPECT_EQ(c.gi, (std::vector<Scalar>{0, 0}));
  EXPECT_EQ(c.gb, (std::vector<Scalar>{1.0, -4.0}));
  EXPECT_THROW(ffp->setGradient(std::vector<Scalar>{1.0}), Error);
}

TEST_F(BoundaryConditions, FixedGradientFromFile) {
  auto bc = make<Vec3>("type fixedGradient; gradient uniform (0 0 4);");
  const auto c = coeffs(*bc, vectors_);
  EXPECT_EQ(c.face[0], (Vec3{1, 2, 5}));
  EXPECT_EQ(c.gb[1], (Vec3{0, 0, 4}));
}

TEST_F(BoundaryConditions, CloneIsIndependent) {
  auto bc = make<Scalar>("type fixedValue; value uniform 3;");
  auto copy = bc->clone();
  dynamic_cast<FixedValueBC<Scalar>&>(*bc).values()[0] = 9.0;
  std::vector<Scalar> face(2);
  copy->evaluate(mesh_, scalars_, face);
  EXPECT_EQ(face, (std::vector<Scalar>{3, 3}));
  EXPECT_EQ(copy->patch(), 0);
}

TEST_F(BoundaryConditions, UnknownTypeListsTheSupportedOnes) {
  mesh::PolyMesh named = fieldtest::box([] {
    BoxSpec s(2, 2, 1);
    s.names = {"inlet", "outlet", "walls", "top", "front", "back"};
    return s;
  }());
  FvMesh m = makeSerialFvMesh(named, comm_);
  try {
    makeBoundaryCondition<Vec3>(io::Dictionary::parse("type fixedValu; value uniform (0 0 0);", "0/U"), m, 0, "0/U");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/U: boundaryField/inlet: unknown boundary condition type 'fixedValu'; supported: calculated, "
                 "empty, fixedGradient, fixedValue, inletOutlet, mixed, noSlip, pressureInletOutletVelocity, slip, "
                 "symmetry, symmetryPlane, uniformFixedValue, zeroGradient");
  }
  try {
    makeBoundaryCondition<Scalar>(io::Dictionary::parse("type noSlip;", "0/p"), m, 1, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/p: boundaryField/outlet: unknown boundary condition type 'noSlip'; supported: calculated, "
                 "constantAlphaContactAngle, empty, fixedFluxPressure, fixedGradient, fixedValue, inletOutlet, mixed, slip, symmetry, symmetryPlane, "
                 "totalPressure, uniformFixedValue, zeroGradient");
  }
}

TEST_F(BoundaryConditions, EmptyOnlyOnEmptyPatches) {
  try {
    make<Scalar>("type empty;", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/p: boundaryField/left: boundary condition type 'empty' is only valid on patches of type 'empty' "
                 "(this patch is 'patch')");
  }
  try {
    make<Scalar>("type zeroGradient;", 4, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/p: boundaryField/front: patch of type 'empty' needs boundary condition type 'empty', found "
                 "'zeroGradient'");
  }
}

TEST_F(BoundaryConditions, ValueErrorsNameFileLineAndPatch) {
  // Vector value for a scalar field: the file, line and column of the value.
  try {
    make<Scalar>("type fixedValue;\nvalue uniform (1 0 0);", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p:2:7: 'value': expected a scalar value, found a vector");
  }
  try {
    make<Scalar>("type fixedValue; value nonuniform List<scalar> 3(1 2 3);", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: boundaryField/left: value: expected 2 values, found 3");
  }
  try {
    make<Scalar>("type fixedValue; value nonuniform List<scalar> 2(1 1e999);", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p:1:52: number '1e999' is out of range");
  }
  try {
    make<Scalar>("type fixedValue;", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: boundaryField/left: missing 'value'");
  }
  try {
    make<Scalar>("value uniform 1;", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: boundaryField/left: missing 'type'");
  }
  try {
    make<Scalar>("type uniformFixedValue; uniformValue table ((0 1) (0 2));", 0, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("table times must increase (0 after 0)"));
  }
}

TEST_F(BoundaryConditions, CustomRegistryType) {
  BoundaryConditionRegistry<Scalar> reg = BoundaryConditionRegistry<Scalar>::withBuiltins();
  reg.add("fixedTwice", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<Scalar>> {
    std::vector<Scalar> v = readPatchValues<Scalar>(in, "value");
    for (Scalar& x : v) x *= 2;
    return std::make_unique<FixedValueBC<Scalar>>(in.patch, v);
  });
  EXPECT_TRUE(reg.contains("fixedTwice"));
  const io::Dictionary d = io::Dictionary::parse("type fixedTwice; value uniform 2;", "0/p");
  auto bc = reg.create(PatchInput{d, mesh_, 0, "0/p"});
  std::vector<Scalar> face(2);
  bc->evaluate(mesh_, scalars_, face);
  EXPECT_EQ(face, (std::vector<Scalar>{4, 4}));
}

}  // namespace
}  // namespace sluice::field
