// fv operators at 1-4 ranks: every rank builds the undecomposed box (cheap)
// as a serial FvMesh on MPI_COMM_SELF and compares its part of the
// distributed results with it, by global cell (and face) id: matrix-vector
// products A x and sources of assembled equations, gradients, A/H, the
// pressure-equation flux, ddtCorr, Courant number and continuity errors, a
// CG solution of a laplacian problem, and PISO steps of the cavity (also
// against OpenFOAM's icoFoam results).
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <mpi.h>

#include "fv/fv_test_support.hpp"
#include "sluice/field/boundary/slip.hpp"
#include "fv/cavity_reference.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;

/// Cells dealt round-robin with a stride: many processor faces, every rank used.
std::vector<int> scrambled(Label nCells, int size) {
  std::vector<int> r(nCells);
  for (Label c = 0; c < nCells; ++c) r[c] = (c * 7 + 3) % size;
  return r;
}

/// Slabs of rows (keeps each x-row, hence each cyclic pair, on one rank).
std::vector<int> rowSlabs(const Box& b, int size) {
  std::vector<int> r(b.nx * b.ny * b.nz);
  for (int k = 0; k < b.nz; ++k)
    for (int j = 0; j < b.ny; ++j)
      for (int i = 0; i < b.nx; ++i) r[i + b.nx * (j + b.ny * k)] = j * size / b.ny;
  return r;
}

/// The distributed mesh and the whole mesh on this rank.
struct Meshes {
  Meshes(const Box& box, bool rows)
      : world(MPI_COMM_WORLD), global(fvtest::boxMesh(box)), serial(fvtest::boxMesh(box)) {
    const std::vector<int> cellToRank = rows ? rowSlabs(box, world.size()) : scrambled(global.nCells(), world.size());
    const bool root = world.isRoot();
    dist = std::make_unique<field::FvMesh>(field::distributeFvMesh(
        root ? &global : nullptr, root ? std::span<const int>(cellToRank) : std::span<const int>(), world));
    // serial face of each global face, and whether the serial owner is the global owner
    const field::FvMesh& s = serial.mesh;
    serialFace.assign(global.nFaces(), -1);
    for (Label f = 0; f < s.nFaces(); ++f) serialFace[s.globalFaceIds()[f]] = f;
  }
  field::FvMesh& d() { return *dist; }
  field::FvMesh& s() { return serial.mesh; }

  /// +1 if distributed face f has the serial face's orientation, -1 if flipped.
  double orientation(Label f) const {
    const Label sf = serialFace[dist->globalFaceIds()[f]];
    const GlobalLabel myOwner = dist->globalCellIds()[dist->poly().owner()[f]];
    return serial.mesh.globalCellIds()[serial.mesh.poly().owner()[sf]] == myOwner ? 1.0 : -1.0;
  }
  Label serialFaceOf(Label f) const { return serialFace[dist->globalFaceIds()[f]]; }
  GlobalLabel serialCellOf(Label c) const { return dist->globalCellIds()[c]; }

  parallel::Communicator world;
  mesh::PolyMesh global;
  fvtest::SerialMesh serial;
  std::unique_ptr<field::FvMesh> dist;
  std::vector<Label> serialFace;
};

auto scalarProfile = [](const Vec3& x) { return std::sin(2.0 * x.x + 0.5) * std::cos(1.5 * x.y) + x.x * x.y; };
auto velocityProfile = [](const Vec3& x) {
  return Vec3{1.0 + 0.3 * std::sin(6.28318530718 * x.x), 0.2 - 0.4 * x.y + 0.1 * x.x, 0.0};
};
auto stepProfile = [](const Vec3& x) { return x.x + 0.3 * x.y < 0.5 ? 1.0 : 0.0; };

/// The same fields on one mesh.
struct Fields {
  explicit Fields(const field::FvMesh& mesh)
      : u("u", mesh, {}), s("s", mesh, {}), U("U", mesh, {}), gamma("gamma", mesh, {}), phi("phi", mesh, {}) {
    fvtest::setFixedValue<Scalar>(u, scalarProfile);
    fvtest::setCells<Scalar>(u, scalarProfile);
    fvtest::setZeroGradient(s);
    fvtest::setCells<Scalar>(s, stepProfile);
    fvtest::setFixedValue<Vec3>(U, velocityProfile);
    fvtest::setCells<Vec3>(U, velocityProfile);
    U.storeOldTime();
    fvtest::setZeroGradient(gamma);
    fvtest::setCells<Scalar>(gamma, [](const Vec3& x) { return 1.0 + x.x * x.x; });
    phi.values() = fvc::flux(U).values();
  }
  field::VolScalarField u, s;
  field::VolVectorField U;
  field::VolScalarField gamma;
  field::SurfaceScalarField phi;
};

std::vector<double> testVector(const field::FvMesh& mesh) {
  std::vector<double> x(mesh.nLocalCells(), 0.0);
  for (Label c = 0; c < mesh.nCells(); ++c) {
    const Vec3 p = mesh.cellCentres()[c];
    x[c] = std::cos(3 * p.x) + p.y * p.y;
  }
  return x;
}

template <class T>
void expectCellsMatch(Meshes& m, const std::vector<T>& dist, const std::vector<T>& serial, double tol,
                      const std::string& what) {
  for (Label c = 0; c < m.d().nCells(); ++c) {
    const GlobalLabel g = m.serialCellOf(c);
    if constexpr (std::is_same_v<T, Vec3>) {
      EXPECT_NEAR(mag(dist[c] - serial[g]), 0.0, tol) << what << " cell " << g;
    } else {
      EXPECT_NEAR(dist[c], serial[g], tol) << what << " cell " << g;
    }
  }
}

template <class T>
void expectMatricesMatch(Meshes& m, const FvMatrix<T>& dist, const FvMatrix<T>& serial, const std::string& what) {
  for (int comp = 0; comp < nComponents<T>; ++comp) {
    // A x for a test vector (the same for every component: the coefficients are shared)
    const std::vector<double> yd = fvtest::multiply(m.d(), dist.ldu(), testVector(m.d()));
    const std::vector<double> ys = fvtest::multiply(m.s(), serial.ldu(), testVector(m.s()));
    expectCellsMatch(m, yd, ys, 1e-11, what + " A x");
    // the linear module's product agrees
    std::vector<double> x = testVector(m.d()), y(m.d().nCells());
    dist.ldu().amul(x, y, m.d());
    expectCellsMatch(m, y, ys, 1e-11, what + " amul");
  }
  expectCellsMatch(m, dist.source(), serial.source(), 1e-11, what + " source");
  expectCellsMatch(m, dist.ldu().diag(), serial.ldu().diag(), 1e-11, what + " diag");
}

DivScheme divScheme(DivKind kind, Scalar k = 1) {
  DivScheme s;
  s.kind = kind;
  s.coeff = k;
  return s;
}

TEST(FvParallel, AssembledMatricesMatchSerial) {
  for (bool cyclic : {false, true}) {
    const Box box = cyclic ? Box(8, 7).cyclicX() : Box(9, 7).mapped(fvtest::wavy);
    Meshes m(box, cyclic);
    Fields fd(m.d()), fs(m.s());
    const TimeStep ts{0.01, 0.01};
    DdtScheme euler;
    for (DivScheme ds : {divScheme(DivKind::linear), divScheme(DivKind::upwind), divScheme(DivKind::linearUpwind),
                         divScheme(DivKind::limitedLinear), divScheme(DivKind::vanLeer)}) {
      auto assemble = [&](Fields& f) {
        return fvm::ddt(f.s, euler, ts) + fvm::div(f.phi, f.s, ds) - fvm::laplacian(f.gamma, f.s, LaplacianScheme{});
      };
      expectMatricesMatch(m, assemble(fd), assemble(fs), "scalar scheme " + std::to_string(static_cast<int>(ds.kind)));
    }
    for (DivScheme ds : {divScheme(DivKind::limitedLinearV), divScheme(DivKind::linearUpwind)}) {
      auto assemble = [&](Fields& f) {
        return fvm::ddt(f.U, euler, ts) + fvm::div(f.phi, f.U, ds) - fvm::laplacian(0.1, f.U, LaplacianScheme{});
      };
      const FvMatrix<Vec3> Md = assemble(fd), Ms = assemble(fs);
      expectMatricesMatch(m, Md, Ms, "vector scheme " + std::to_string(static_cast<int>(ds.kind)));
      const field::VolScalarField Ad = Md.A(), As = Ms.A();
      const field::VolVectorField Hd = Md.H(), Hs = Ms.H();
      expectCellsMatch(m, Ad.values(), As.values(), 1e-10, "A");
      expectCellsMatch(m, Hd.values(), Hs.values(), 1e-9, "H");
      // ghosts of A are the neighbour cells' values
      for (Label c = m.d().nCells(); c < m.d().nLocalCells(); ++c)
        EXPECT_NEAR(Ad[c], As[m.serialCellOf(c)], 1e-10);
    }
  }
}

TEST(FvParallel, ExplicitOperatorsMatchSerial) {
  Meshes m(Box(9, 7).mapped(fvtest::wavy), false);
  Fields fd(m.d()), fs(m.s());
  for (GradKind kind : {GradKind::GaussLinear, GradKind::leastSquares}) {
    for (bool limited : {false, true}) {
      GradScheme g;
      g.kind = kind;
      g.cellLimited = limited;
      expectCellsMatch(m, fvc::grad(fd.u, g).values(), fvc::grad(fs.u, g).values(), 1e-10, "grad");
      const std::vector<Tensor> td = fvc::grad(fd.U, g), tsr = fvc::grad(fs.U, g);
      for (Label c = 0; c < m.d().nLocalCells(); ++c)  // ghosts included
        for (int k = 0; k < 9; ++k) EXPECT_NEAR(td[c].v[k], tsr[m.serialCellOf(c)].v[k], 1e-10);
    }
  }
  expectCellsMatch(m, fvc::div(fd.phi).values(), fvc::div(fs.phi).values(), 1e-10, "div(phi)");
  expectCellsMatch(m, fvc::div(fd.phi, fd.s, divScheme(DivKind::vanLeer)).values(),
                   fvc::div(fs.phi, fs.s, divScheme(DivKind::vanLeer)).values(), 1e-10, "div(phi,s)");
  // Face quantities, orientation-corrected.
  field::SurfaceScalarField phi0d("phi", m.d(), {}), phi0s("phi", m.s(), {});
  for (Label f = 0; f < m.d().nFaces(); ++f) phi0d[f] = 1.05 * fd.phi[f];
  for (Label f = 0; f < m.s().nFaces(); ++f) phi0s[f] = 1.05 * fs.phi[f];
  DdtScheme euler;
  const field::SurfaceScalarField cd = fvc::ddtCorr(fd.U, phi0d, euler, TimeStep{0.1});
  const field::SurfaceScalarField cs = fvc::ddtCorr(fs.U, phi0s, euler, TimeStep{0.1});
  const field::SurfaceScalarField fluxD = fvm::laplacian(fd.gamma, fd.u, LaplacianScheme{}).flux();
  const field::SurfaceScalarField fluxS = fvm::laplacian(fs.gamma, fs.u, LaplacianScheme{}).flux();
  const field::SurfaceScalarField snD = fvc::snGrad(fd.u), snS = fvc::snGrad(fs.u);
  for (Label f = 0; f < m.d().nFaces(); ++f) {
    const Label sf = m.serialFaceOf(f);
    const double o = m.orientation(f);
    EXPECT_NEAR(cd[f], o * cs[sf], 1e-10) << "ddtCorr face " << sf;
    EXPECT_NEAR(fluxD[f], o * fluxS[sf], 1e-10) << "flux face " << sf;
    EXPECT_NEAR(snD[f], o * snS[sf], 1e-10) << "snGrad face " << sf;
  }
  const CourantNumber cod = courantNumber(fd.phi, 0.01), cos_ = courantNumber(fs.phi, 0.01);
  EXPECT_NEAR(cod.mean, cos_.mean, 1e-13);
  EXPECT_NEAR(cod.max, cos_.max, 1e-13);
  const ContinuityErrors ed = continuityErrors(fd.phi, 0.01), es = continuityErrors(fs.phi, 0.01);
  EXPECT_NEAR(ed.sumLocal, es.sumLocal, 1e-13);
  EXPECT_NEAR(ed.global, es.global, 1e-15);
}

TEST(FvParallel, LaplacianSolutionMatchesSerial) {
  for (bool cyclic : {false, true}) {
    Meshes m(cyclic ? Box(12, 10).cyclicX() : Box(12, 10).mapped(fvtest::interiorSkew), cyclic);
    auto solve = [&](const field::FvMesh& mesh) {
      field::VolScalarField p("p", mesh, {});
      fvtest::setFixedValue<Scalar>(p, scalarProfile);
      p.correctBoundaryConditions();
      field::VolScalarField f("f", mesh, {}, -1.0);
      std::vector<double> x(mesh.nLocalCells(), 0.0);
      for (int corr = 0; corr < 3; ++corr) {  // non-orthogonal correctors
        const FvMatrix<Scalar> M = fvm::laplacian(1.0, p, LaplacianScheme{}) == f;
        fvtest::solveCG(mesh, M, x, 1e-14);
        for (Label c = 0; c < mesh.nCells(); ++c) p[c] = x[c];
        p.correctBoundaryConditions();
      }
      return std::vector<double>(p.values().begin(), p.values().end());
    };
    const std::vector<double> pd = solve(m.d()), ps = solve(m.s());
    expectCellsMatch(m, pd, ps, 1e-9, cyclic ? "cyclic" : "skewed");
  }
}

TEST(FvParallel, OrthogonalUpToRoundingIsAgreedByEveryRank) {
  // Rows of cells above y = 0.8 are sheared: with row slabs only the top
  // ranks see non-orthogonal faces, the others an orthogonal mesh. A corrected
  // scheme's correction (and its gradient, which exchanges halo values) must
  // then be computed on every rank, or ranks would wait in different
  // exchanges; on the plain box no rank computes it.
  auto topSheared = [](const Vec3& p) {
    const double t = std::max(0.0, p.y - 0.8);
    return Vec3{p.x + 2.0 * t * t * (1.0 + p.x), p.y, p.z * 0.1};
  };
  for (bool sheared : {true, false}) {
    const Box box = sheared ? Box(9, 8).mapped(topSheared) : Box(9, 8);
    Meshes m(box, /*rows=*/true);
    EXPECT_EQ(m.d().orthogonalUpToRounding(), !sheared);
    EXPECT_EQ(m.s().orthogonalUpToRounding(), !sheared);
    Fields fd(m.d()), fs(m.s());
    const FvMatrix<Scalar> Md = fvm::laplacian(fd.gamma, fd.u, LaplacianScheme{});
    const FvMatrix<Scalar> Ms = fvm::laplacian(fs.gamma, fs.u, LaplacianScheme{});
    EXPECT_EQ(Md.faceFluxCorrection().empty(), !sheared);
    expectMatricesMatch(m, Md, Ms, sheared ? "sheared top" : "box");
  }
}

TEST(FvParallel, SimpleCavityMatchesSerialAndSimpleFoam) {
  Meshes m(Box(12, 12).mapped(fvtest::skewedCavityMap), false);
  fvtest::SimpleCavity dist(m.d(), {}), serial(m.s(), {});
  for (int i = 0; i < 5; ++i) {
    dist.iterate();
    serial.iterate();
  }
  expectCellsMatch(m, dist.U.values(), serial.U.values(), 1e-11, "U");
  expectCellsMatch(m, dist.p.values(), serial.p.values(), 1e-10, "p");
  for (Label c = 0; c < m.d().nCells(); ++c)
    for (const fvtest::ReferenceCell& r : fvtest::simpleReference().cells)
      if (m.serialCellOf(c) == r.cell) {
        EXPECT_NEAR(dist.U[c].x, r.U.x, 1e-11) << "cell " << r.cell;
        EXPECT_NEAR(dist.p[c], r.p, 1e-10) << "cell " << r.cell;
      }
}

// Whether a vector's components are solved together is decided by every rank
// alike. Here only the top slab's rank has the slip wall, whose coefficients
// differ by component, so every rank solves the components one at a time; a
// rank deciding alone solved them together and waited in other collectives
// than the slip wall's rank (interFoam with a momentum predictor hung at 3
// ranks that way).
TEST(FvParallel, VectorComponentsTogetherOrOneAtATimeOnEveryRankAlike) {
  for (const bool slip : {false, true}) {
    SCOPED_TRACE(slip ? "slip top wall" : "fixed values");
    Meshes m(Box(6, 6), true);
    field::FvMesh& mesh = m.d();
    field::VolVectorField U("U", mesh, {});
    fvtest::setFixedValue<Vec3>(U, velocityProfile);
    const Label top = 3;  // left, right, bottom, top: the top rows' rank alone has its faces
    if (slip) U.setBoundaryCondition(top, std::make_unique<field::SlipBC<Vec3>>(top, "slip"));
    U.correctBoundaryConditions();
    U.storeOldTime();
    const field::VolVectorField src("src", mesh, {}, Vec3{1.0, -2.0, 0.0});
    FvMatrix<Vec3> M = fvm::ddt(U, fvtest::ddtScheme(DdtKind::Euler), TimeStep{0.1, 0}) -
                       fvm::laplacian(0.05, U, LaplacianScheme{}) == src;
    int scalarSolves = 0, togetherSolves = 0;
    const ScalarSolveFn one = [&](const linear::LduMatrix&, std::span<double>, std::span<const double>,
                                  linear::GhostUpdater&, const std::string&) { ++scalarSolves; };
    const ComponentsSolveFn together = [&](const linear::LduMatrix&, std::span<double>, std::span<const double>,
                                           int, linear::GhostUpdater&, std::span<const std::string>) {
      ++togetherSolves;
    };
    M.solve(U, one, std::span<const Vec3>(), together);
    EXPECT_EQ(togetherSolves, slip ? 0 : 1);
    EXPECT_EQ(scalarSolves, slip ? 2 : 0);
  }
}

}  // namespace
}  // namespace sluice::fv
