// Cell selection by centre (boxToCell, sphereToCell, cylinderToCell): counts
// on a small block mesh worked out by hand, v1912's closed and open
// comparisons on points exactly on a region's surface, the descriptions
// setFields prints, and the errors of the region dictionaries.
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/box_to_cell.hpp"
#include "sluice/mesh/cell_selection.hpp"
#include "sluice/mesh/cylinder_to_cell.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/sphere_to_cell.hpp"

namespace sluice::mesh {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The unit square in 8 x 8 cells of 0.125 (centres at 0.0625 + 0.125 i), one
// cell thick (z from 0 to 0.125, centres at z = 0.0625); cell (i, j) is
// i + 8 j in blockMesh's order.
std::vector<Vec3> squareCentres() {
  const io::Dictionary dict = io::Dictionary::parse(
      "vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.125) (1 0 0.125) (1 1 0.125) (0 1 0.125));\n"
      "blocks (hex (0 1 2 3 4 5 6 7) (8 8 1) simpleGrading (1 1 1));\n"
      "boundary ();\n",
      "blockMeshDict");
  const PolyMesh mesh = buildBlockMesh(dict);
  return MeshGeometry::computeCells(mesh).cellCentres;
}

Label cell(int i, int j) { return i + 8 * j; }

// A region dictionary as setFieldsDict holds it: regions/<type>.
io::Dictionary regionDict(const std::string& body) { return io::Dictionary::parse(body, "system/setFieldsDict"); }

std::unique_ptr<CellSelector> makeRegion(const std::string& type, const std::string& body) {
  return makeCellSelector(type, regionDict(body), "system/setFieldsDict: regions", {"fieldValues"});
}

std::string errorOf(const std::string& type, const std::string& body) {
  try {
    makeRegion(type, body);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CellSelection, BoxSelectsTheCellsWhoseCentreIsInside) {
  // x centres 0.0625 and 0.1875 (< 0.3), y centres 0.0625 .. 0.4375 (< 0.5): 2 x 4 cells.
  const auto box = makeRegion("boxToCell", "box (0 0 -1) (0.3 0.5 1); fieldValues ();");
  const std::vector<Label> cells = box->select(squareCentres());
  EXPECT_THAT(cells, ElementsAre(cell(0, 0), cell(1, 0), cell(0, 1), cell(1, 1), cell(0, 2), cell(1, 2), cell(0, 3),
                                 cell(1, 3)));
  EXPECT_EQ(box->type(), "boxToCell");
}

TEST(CellSelection, BoxesAreAUnionAndMinMaxIsOneBox) {
  // 2 x 4 cells at the lower left, 3 x 1 at the top right, and a box inside the first (counted once).
  const auto boxes = makeRegion("boxToCell", "boxes ((0 0 -1) (0.3 0.5 1) (0.6 0.9 -1) (1 1 1) (0 0 -1) (0.1 0.1 1));");
  EXPECT_EQ(boxes->select(squareCentres()).size(), 8u + 3u);
  const auto sized = makeRegion("boxToCell", "boxes 2((0 0 -1) (0.3 0.5 1) (0.6 0.9 -1) (1 1 1));");
  EXPECT_EQ(sized->select(squareCentres()).size(), 8u + 3u);
  const auto minMax = makeRegion("boxToCell", "min (0.5 0.5 0); max (1 1 1);");
  EXPECT_EQ(minMax->select(squareCentres()).size(), 16u);
}

TEST(CellSelection, SphereSelectsTheCellsWhoseCentreIsCloserThanTheRadius) {
  // Centre offsets from 0.5 are +-0.0625, +-0.1875, ...: d^2 = 0.0078 (4 cells)
  // and 0.0391 (8 cells) are below 0.2^2 = 0.04; the next, 0.0703, is not.
  const auto sphere = makeRegion("sphereToCell", "origin (0.5 0.5 0.0625); radius 0.2;");
  EXPECT_EQ(sphere->select(squareCentres()).size(), 12u);
  // The pre-v1806 name of origin.
  const auto centre = makeRegion("sphereToCell", "centre (0.5 0.5 0.0625); radius 0.2;");
  EXPECT_EQ(centre->select(squareCentres()), sphere->select(squareCentres()));
  // innerRadius 0.1 (0.01 squared) leaves out the 4 middle cells.
  const auto shell = makeRegion("sphereToCell", "origin (0.5 0.5 0.0625); radius 0.2; innerRadius 0.1;");
  const std::vector<Label> cells = shell->select(squareCentres());
  EXPECT_EQ(cells.size(), 8u);
  for (Label c : {cell(3, 3), cell(4, 3), cell(3, 4), cell(4, 4)})
    EXPECT_EQ(std::count(cells.begin(), cells.end(), c), 0) << c;
}

TEST(CellSelection, CylinderSelectsByProjectionOnTheAxisAndDistanceFromIt) {
  // Axis along x from 0.3 to 0.8 at y = 0.5: x centres 0.3125 .. 0.6875 (4),
  // y centres 0.4375 and 0.5625 (distance 0.0625 < 0.1): 4 x 2 cells.
  const auto alongX = makeRegion("cylinderToCell", "p1 (0.3 0.5 0.0625); p2 (0.8 0.5 0.0625); radius 0.1;");
  EXPECT_THAT(alongX->select(squareCentres()), ElementsAre(cell(2, 3), cell(3, 3), cell(4, 3), cell(5, 3), cell(2, 4),
                                                           cell(3, 4), cell(4, 4), cell(5, 4)));
  // Along z through the whole mesh: the same 12 cells as the sphere of radius 0.2.
  const auto alongZ = makeRegion("cylinderToCell", "p1 (0.5 0.5 -1); p2 (0.5 0.5 1); radius 0.2;");
  EXPECT_EQ(alongZ->select(squareCentres()).size(), 12u);
  const auto tube = makeRegion("cylinderToCell", "p1 (0.5 0.5 -1); p2 (0.5 0.5 1); radius 0.2; innerRadius 0.1;");
  EXPECT_EQ(tube->select(squareCentres()).size(), 8u);
}

TEST(CellSelection, BoxesAreClosedSpheresAndCylindersOpenAsInV1912) {
  const BoxToCell box(std::vector<BoxToCell::Box>{{{0, 0, 0}, {1, 1, 1}}});
  EXPECT_TRUE(box.contains({0, 0, 0}));
  EXPECT_TRUE(box.contains({1, 1, 1}));
  EXPECT_TRUE(box.contains({1, 0.5, 0}));
  EXPECT_FALSE(box.contains({1.0000001, 0.5, 0.5}));

  const SphereToCell sphere({0, 0, 0}, 0.5);
  EXPECT_FALSE(sphere.contains({0.5, 0, 0}));  // on the sphere
  EXPECT_TRUE(sphere.contains({0.25, 0.25, 0.25}));
  const SphereToCell shell({0, 0, 0}, 1, 0.5);
  EXPECT_FALSE(shell.contains({0, 0.5, 0}));  // on the inner sphere
  EXPECT_TRUE(shell.contains({0, 0.75, 0}));
  EXPECT_TRUE(SphereToCell({0, 0, 0}, 0.5, 0).contains({0, 0, 0}));  // innerRadius 0: none

  const CylinderToCell cylinder({0, 0, 0}, {0, 0, 1}, 0.5);
  EXPECT_FALSE(cylinder.contains({0, 0, 0}));  // on the end caps
  EXPECT_FALSE(cylinder.contains({0, 0, 1}));
  EXPECT_FALSE(cylinder.contains({0.5, 0, 0.5}));  // on the mantle
  EXPECT_TRUE(cylinder.contains({0.25, 0, 0.5}));
  EXPECT_FALSE(cylinder.contains({0.25, 0, 1.5}));  // beyond p2
  EXPECT_FALSE(CylinderToCell({0, 0, 0}, {0, 0, 1}, 1, 0.5).contains({0, 0.25, 0.5}));
}

TEST(CellSelection, DescriptionsAreTheLinesSetFieldsPrints) {
  EXPECT_EQ(makeRegion("boxToCell", "box (0 0 -1) (0.1461 0.292 1);")->description(),
            "Adding cells with centre within boxes ((0 0 -1) (0.1461 0.292 1))");
  EXPECT_EQ(makeRegion("boxToCell", "boxes ((0 0 0) (1 1 1) (2 2 2) (3 3 3));")->description(),
            "Adding cells with centre within boxes ((0 0 0) (1 1 1) (2 2 2) (3 3 3))");
  EXPECT_EQ(makeRegion("sphereToCell", "origin (0.5 0.5 0); radius 0.1;")->description(),
            "Adding cells within sphere, origin = (0.5 0.5 0), radius = 0.1");
  EXPECT_EQ(makeRegion("sphereToCell", "origin (0.5 0.5 0); radius 0.1; innerRadius 0.05;")->description(),
            "Adding cells within sphere, origin = (0.5 0.5 0), radius = 0.1, innerRadius = 0.05");
  EXPECT_EQ(makeRegion("cylinderToCell", "p1 (0 0 0); p2 (0 0 1); radius 0.25;")->description(),
            "Adding cells with centre within cylinder, with p1 = (0 0 0), p2 = (0 0 1), radius = 0.25");
}

TEST(CellSelection, UnknownRegionTypesListTheSupportedOnes) {
  EXPECT_EQ(errorOf("rotatedBoxToCell", "origin (0 0 0); i (1 0 0); j (0 1 0); k (0 0 1);"),
            "system/setFieldsDict: regions: unknown region type 'rotatedBoxToCell'; supported: boxToCell, "
            "cylinderToCell, sphereToCell");
  EXPECT_EQ(errorOf("boxToFace", "box (0 0 0) (1 1 1);"),
            "system/setFieldsDict: regions: unknown region type 'boxToFace'; supported: boxToCell, "
            "cylinderToCell, sphereToCell");
  EXPECT_THAT(cellSelectorTypes(), ElementsAre("boxToCell", "cylinderToCell", "sphereToCell"));
}

TEST(CellSelection, BadRegionDictionariesNameTheEntry) {
  EXPECT_EQ(errorOf("sphereToCell", "origin (0 0 0);"), "system/setFieldsDict: missing 'radius'");
  EXPECT_EQ(errorOf("sphereToCell", "radius 1;"), "system/setFieldsDict: missing 'origin' (or 'centre')");
  EXPECT_EQ(errorOf("cylinderToCell", "p1 (0 0 0); radius 1;"), "system/setFieldsDict: missing 'p2'");
  EXPECT_EQ(errorOf("boxToCell", "fieldValues ();"),
            "system/setFieldsDict: missing 'box' (or 'boxes', or 'min' and 'max')");
  EXPECT_EQ(errorOf("boxToCell", "box (0 0 0) (1 1 1); radius 2;"),
            "system/setFieldsDict: unknown keyword 'radius' (line 1)");
  EXPECT_THAT(errorOf("boxToCell", "boxes ((0 0 0) (1 1 1) (2 2 2));"),
              HasSubstr("'boxes': a box needs two points, min and max"));
  EXPECT_THAT(errorOf("boxToCell", "boxes 3((0 0 0) (1 1 1));"),
              HasSubstr("'boxes': list size 3 does not match its 1 boxes"));
  EXPECT_THAT(errorOf("boxToCell", "box (0 0 0);"), HasSubstr("'box': "));
  EXPECT_EQ(errorOf("sphereToCell", "origin (0 0 0); radius -1;"),
            "system/setFieldsDict:1:24: 'radius': must be zero or positive, found -1");
}

}  // namespace
}  // namespace sluice::mesh
