#!/usr/bin/env python3
"""Check VTK XML output written by sluice (python3 standard library only).

Usage: check_vtk.py [--dump ARRAY] [--same-arrays] [--times] [--blocks] FILE...

FILE is a .pvd (time series), .vtm (named blocks of pieces), .pvtu
(parallel index) or .vtu (piece); the references are followed (.pvd ->
.vtm/.pvtu/.vtu -> pieces) and every file is checked once:
  .pvd   Collection of DataSet elements with a numeric timestep and an
         existing file; the data sets of one time are blocks with distinct
         part numbers and distinct names, and every time lists the same
         blocks (part, name, and for a .vtm its block names) in the same order;
  .vtm   vtkMultiBlockDataSet whose blocks are named, distinct, and each a
         Piece (multipiece) listing one or more existing DataSet files or a
         single DataSet; the pieces of a block hold the same arrays;
  .pvtu  PUnstructuredGrid whose pieces exist and hold exactly the declared
         PPoints/PCellData/PPointData arrays (name, type, components);
  .vtu   UnstructuredGrid, byte_order LittleEndian, header_type UInt64,
         AppendedData encoding="raw"; every DataArray is appended and its
         UInt64 block header equals its expected size (points: NumberOfPoints
         x 3, cell data: NumberOfCells x components, offsets/types/faceoffsets:
         NumberOfCells, connectivity: last offset, faces: last faceoffset) x
         type size; the blocks tile the appended data exactly in offset order;
         connectivity ids are in range; cell types are known with the right
         number of points; polyhedron face streams are consistent; tetrahedra,
         pyramids, wedges, hexahedra and polyhedra have positive volume (the
         faces of VTK's cell numbering, or the polyhedron's faces, outward).

--dump ARRAY  prints, for every .vtu checked, "<file>: v1 v2 ..." with the
              values of the named array (cell, point or cells section).
--same-arrays also requires every block of a .vtm to have the same cell
              data arrays in the same order (what ParaView 5.11's Plot Over
              Line after Cell Data to Point Data needs; sluice run writes
              every field to every block).
--times       prints the timesteps of each .pvd, one "time <t>" line each.
--blocks      prints the blocks of each .pvd's first time, one
              "block <part> <name> <file>" line each (for a .vtm, one line
              per block of it: "block <index> <name> <vtm file>").

Exits 0 and prints "ok: ..." if everything is consistent; otherwise prints
"check_vtk: <file>: <problem>" for the first problem found and exits 1.
"""

import os
import re
import struct
import sys
import xml.etree.ElementTree as ET

TYPES = {
    "Int8": ("b", 1), "UInt8": ("B", 1), "Int16": ("h", 2), "UInt16": ("H", 2),
    "Int32": ("i", 4), "UInt32": ("I", 4), "Int64": ("q", 8), "UInt64": ("Q", 8),
    "Float32": ("f", 4), "Float64": ("d", 8),
}

# VTK cell type -> number of points (None: variable)
CELL_POINTS = {1: 1, 3: 2, 5: 3, 7: None, 9: 4, 10: 4, 12: 8, 13: 6, 14: 5, 42: None}

# Outward faces of the linear 3D cells in VTK's vertex numbering (the face
# tables of vtkTetra, vtkPyramid, vtkWedge, vtkHexahedron): a cell whose
# vertices are in VTK order encloses a positive volume with them.
CELL_FACES = {
    10: [(0, 1, 3), (1, 2, 3), (2, 0, 3), (0, 2, 1)],
    14: [(0, 3, 2, 1), (0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)],
    13: [(0, 1, 2), (3, 5, 4), (0, 3, 4, 1), (1, 4, 5, 2), (2, 5, 3, 0)],
    12: [(0, 4, 7, 3), (1, 2, 6, 5), (0, 1, 5, 4), (3, 7, 6, 2), (0, 3, 2, 1), (4, 5, 6, 7)],
}
CELL_NAMES = {10: "tetrahedron", 14: "pyramid", 13: "wedge", 12: "hexahedron"}


class CheckError(Exception):
    pass


def fail(path, message):
    raise CheckError("%s: %s" % (path, message))


def attr_int(path, elem, name, default=None):
    value = elem.get(name)
    if value is None:
        if default is None:
            fail(path, "<%s> lacks attribute %s" % (elem.tag, name))
        return default
    try:
        return int(value)
    except ValueError:
        fail(path, "<%s> attribute %s='%s' is not an integer" % (elem.tag, name, value))


def xml_element(path, file_type, tag):
    """The <tag> element of the VTKFile of type `file_type` in `path`."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(path, "not well-formed XML: %s" % e)
    if root.tag != "VTKFile" or root.get("type") != file_type:
        fail(path, "not a VTKFile of type %s" % file_type)
    element = root.find(tag)
    if element is None:
        fail(path, "no <%s> element" % tag)
    return element


def polygon_area_vector(pts):
    sx = sy = sz = 0.0
    x0, y0, z0 = pts[0]
    for i in range(1, len(pts) - 1):
        ax, ay, az = pts[i][0] - x0, pts[i][1] - y0, pts[i][2] - z0
        bx, by, bz = pts[i + 1][0] - x0, pts[i + 1][1] - y0, pts[i + 1][2] - z0
        sx += 0.5 * (ay * bz - az * by)
        sy += 0.5 * (az * bx - ax * bz)
        sz += 0.5 * (ax * by - ay * bx)
    return sx, sy, sz


def closed_volume(faces):
    """Volume enclosed by polygons (lists of points) oriented outward."""
    vol = 0.0
    for pts in faces:
        s = polygon_area_vector(pts)
        n = float(len(pts))
        c = (sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n, sum(p[2] for p in pts) / n)
        vol += (c[0] * s[0] + c[1] * s[1] + c[2] * s[2]) / 3.0
    return vol


class Checker:
    def __init__(self, dump=None, times=False, blocks=False, same_arrays=False):
        self.dump = dump
        self.same_arrays = same_arrays
        self.times = times
        self.blocks = blocks
        self.seen = set()
        self.counts = {"pvd": 0, "vtm": 0, "pvtu": 0, "vtu": 0}
        self.arrays = {}  # vtu path -> list of (section, name, type, components)
        self.vtm_blocks = {}  # vtm path -> its block names in order

    def check(self, path):
        path = os.path.normpath(path)
        if path in self.seen:
            return
        self.seen.add(path)
        if not os.path.isfile(path):
            fail(path, "file not found")
        ext = os.path.splitext(path)[1]
        if ext == ".pvd":
            self.check_pvd(path)
        elif ext == ".vtm":
            self.check_vtm(path)
        elif ext == ".pvtu":
            self.check_pvtu(path)
        elif ext == ".vtu":
            self.check_vtu(path)
        else:
            fail(path, "unknown file type (expected .pvd, .vtm, .pvtu or .vtu)")

    # ---------------------------------------------------------------- .pvd
    def check_pvd(self, path):
        self.counts["pvd"] += 1
        collection = xml_element(path, "Collection", "Collection")
        datasets = collection.findall("DataSet")
        if not datasets:
            fail(path, "the collection lists no data sets")
        base = os.path.dirname(path)
        seen_times = []
        per_time = []  # per time: list of (part, name)
        for ds in datasets:
            t = ds.get("timestep")
            f = ds.get("file")
            if t is None or f is None:
                fail(path, "DataSet without timestep or file")
            try:
                tv = float(t)
            except ValueError:
                fail(path, "DataSet timestep '%s' is not a number" % t)
            if seen_times and tv < seen_times[-1]:
                fail(path, "timesteps not in increasing order (%s after %s)" % (t, seen_times[-1]))
            if not seen_times or tv != seen_times[-1]:
                seen_times.append(tv)
                per_time.append([])
                if self.times:
                    print("time %s" % t)
            block = (ds.get("part", "0"), ds.get("name", ""))
            if any(block[0] == b[0] for b in per_time[-1]):
                fail(path, "time %s lists part %s twice" % (t, block[0]))
            if block[1] and any(block[1] == b[1] for b in per_time[-1]):
                fail(path, "time %s lists the block name '%s' twice" % (t, block[1]))
            target = os.path.join(base, f)
            if not os.path.isfile(target):
                fail(path, "DataSet file '%s' not found" % f)
            self.check(target)
            inner = tuple(self.vtm_blocks.get(os.path.normpath(target), ()))
            per_time[-1].append(block + (inner,))
            if self.blocks and len(per_time) == 1:
                if inner:
                    for i, name in enumerate(inner):
                        print("block %d %s %s" % (i, name, f))
                else:
                    print("block %s %s %s" % (block[0], block[1], f))
        for t, blocks in zip(seen_times, per_time):
            if blocks != per_time[0]:
                fail(path, "time %r lists the blocks %s, the first time %s" % (t, blocks, per_time[0]))

    # ---------------------------------------------------------------- .vtm
    def check_vtm(self, path):
        self.counts["vtm"] += 1
        multiblock = xml_element(path, "vtkMultiBlockDataSet", "vtkMultiBlockDataSet")
        base = os.path.dirname(path)
        names = []
        block_cell_data = []  # per block: its pieces' cell data arrays in order
        for element in multiblock:
            name = element.get("name")
            if not name:
                fail(path, "a <%s> block without a name" % element.tag)
            if name in names:
                fail(path, "the block name '%s' twice" % name)
            names.append(name)
            if element.tag == "Piece":
                datasets = element.findall("DataSet")
                if not datasets:
                    fail(path, "block '%s' lists no pieces" % name)
            elif element.tag == "DataSet":
                datasets = [element]
            else:
                fail(path, "block '%s' is a <%s> (expected Piece or DataSet)" % (name, element.tag))
            first = None
            for ds in datasets:
                f = ds.get("file")
                if f is None:
                    fail(path, "block '%s' has a DataSet without file" % name)
                target = os.path.normpath(os.path.join(base, f))
                if not os.path.isfile(target):
                    fail(path, "block '%s': piece '%s' not found" % (name, f))
                self.check(target)
                if target not in self.arrays:
                    fail(path, "block '%s': piece '%s' is not a .vtu" % (name, f))
                arrays = [a for a in self.arrays[target] if a[0] != "Cells"]
                if first is None:
                    first = arrays
                elif arrays != first:
                    fail(path, "block '%s': piece '%s' arrays %s differ from its first piece's %s"
                         % (name, f, self.describe(arrays), self.describe(first)))
            block_cell_data.append([a for a in first if a[0] == "CellData"])
        if not names:
            fail(path, "no blocks")
        for name, cell_data in zip(names, block_cell_data):
            if self.same_arrays and cell_data != block_cell_data[0]:
                fail(path, "block '%s' has the cell data %s, block '%s' %s (every block needs the same)"
                     % (name, self.describe(cell_data), names[0], self.describe(block_cell_data[0])))
        self.vtm_blocks[path] = names

    # ---------------------------------------------------------------- .pvtu
    def check_pvtu(self, path):
        self.counts["pvtu"] += 1
        grid = xml_element(path, "PUnstructuredGrid", "PUnstructuredGrid")
        declared = []
        for section, tag in (("Points", "PPoints"), ("CellData", "PCellData"), ("PointData", "PPointData")):
            sec = grid.find(tag)
            if sec is None:
                if section == "Points":
                    fail(path, "no <PPoints> element")
                continue
            for a in sec.findall("PDataArray"):
                name = a.get("Name") or ("Points" if section == "Points" else None)
                declared.append((section, name, a.get("type"), int(a.get("NumberOfComponents", "1"))))
        pieces = grid.findall("Piece")
        if not pieces:
            fail(path, "no <Piece> elements")
        base = os.path.dirname(path)
        for p in pieces:
            src = p.get("Source")
            if src is None:
                fail(path, "Piece without Source")
            target = os.path.normpath(os.path.join(base, src))
            if not os.path.isfile(target):
                fail(path, "piece '%s' not found" % src)
            self.check(target)
            actual = self.arrays[target]
            if sorted(x for x in declared) != sorted(
                    (s, n, t, c) for (s, n, t, c) in actual if s != "Cells"):
                fail(path, "piece '%s' arrays %s differ from the declared %s"
                     % (src, self.describe([a for a in actual if a[0] != "Cells"]), self.describe(declared)))

    @staticmethod
    def describe(arrays):
        return "[" + ", ".join("%s/%s:%s*%d" % a for a in arrays) + "]"

    # ---------------------------------------------------------------- .vtu
    def check_vtu(self, path):
        self.counts["vtu"] += 1
        with open(path, "rb") as f:
            data = f.read()
        start = data.find(b"<AppendedData")
        if start < 0:
            fail(path, "no <AppendedData> element")
        tag_end = data.find(b">", start)
        underscore = data.find(b"_", tag_end)
        if tag_end < 0 or underscore < 0 or data[tag_end + 1:underscore].strip():
            fail(path, "AppendedData does not start with '_'")
        try:
            appended_tag = ET.fromstring(data[start:tag_end + 1].rstrip(b"/>") + b"/>")
        except ET.ParseError as e:
            fail(path, "bad <AppendedData> tag: %s" % e)
        if appended_tag.get("encoding") != "raw":
            fail(path, "AppendedData encoding is '%s', expected 'raw'" % appended_tag.get("encoding"))
        try:
            root = ET.fromstring(data[:start] + b"</VTKFile>")
        except ET.ParseError as e:
            fail(path, "XML header not well-formed: %s" % e)
        if root.tag != "VTKFile" or root.get("type") != "UnstructuredGrid":
            fail(path, "not a VTKFile of type UnstructuredGrid")
        if root.get("byte_order") != "LittleEndian":
            fail(path, "byte_order is '%s', expected LittleEndian" % root.get("byte_order"))
        if root.get("header_type") != "UInt64":
            fail(path, "header_type is '%s', expected UInt64" % root.get("header_type"))
        if root.get("compressor"):
            fail(path, "compressed data is not expected")
        grid = root.find("UnstructuredGrid")
        if grid is None:
            fail(path, "no <UnstructuredGrid> element")
        pieces = grid.findall("Piece")
        if len(pieces) != 1:
            fail(path, "expected one <Piece>, found %d" % len(pieces))
        piece = pieces[0]
        n_points = attr_int(path, piece, "NumberOfPoints")
        n_cells = attr_int(path, piece, "NumberOfCells")
        if n_points < 0 or n_cells < 0:
            fail(path, "negative NumberOfPoints or NumberOfCells")

        blob = data[underscore + 1:]
        arrays = []  # dicts: section, name, type, comps, offset, elem
        for section in ("Points", "Cells", "CellData", "PointData"):
            sec = piece.find(section)
            if sec is None:
                if section in ("Points", "Cells"):
                    fail(path, "no <%s> element" % section)
                continue
            for a in sec.findall("DataArray"):
                name = a.get("Name")
                if section == "Points" and name is None:
                    name = "Points"
                if name is None:
                    fail(path, "DataArray without Name in <%s>" % section)
                typ = a.get("type")
                if typ not in TYPES:
                    fail(path, "array '%s' has unknown type '%s'" % (name, typ))
                if a.get("format") != "appended":
                    fail(path, "array '%s' format is '%s', expected 'appended'" % (name, a.get("format")))
                comps = attr_int(path, a, "NumberOfComponents", 1)
                if comps < 1:
                    fail(path, "array '%s' has %d components" % (name, comps))
                offset = attr_int(path, a, "offset")
                arrays.append({"section": section, "name": name, "type": typ, "comps": comps, "offset": offset})
        names = [(a["section"], a["name"]) for a in arrays]
        if len(set(names)) != len(names):
            fail(path, "duplicate array names")
        self.arrays[path] = [(a["section"], a["name"], a["type"], a["comps"]) for a in arrays]

        def block(a):
            off = a["offset"]
            if off < 0 or off + 8 > len(blob):
                fail(path, "array '%s' offset %d is outside the appended data (%d bytes)" % (a["name"], off, len(blob)))
            nbytes = struct.unpack_from("<Q", blob, off)[0]
            if off + 8 + nbytes > len(blob):
                fail(path, "array '%s' block of %d bytes at offset %d runs past the appended data (%d bytes)"
                     % (a["name"], nbytes, off, len(blob)))
            return nbytes

        def values(a):
            nbytes = block(a)
            code, size = TYPES[a["type"]]
            if nbytes % size:
                fail(path, "array '%s' block of %d bytes is not a whole number of %s" % (a["name"], nbytes, a["type"]))
            return struct.unpack_from("<%d%s" % (nbytes // size, code), blob, a["offset"] + 8)

        def expect_size(a, count):
            nbytes = block(a)
            expected = count * a["comps"] * TYPES[a["type"]][1]
            if nbytes != expected:
                fail(path, "array '%s' has %d bytes, expected %d (%d tuples x %d components x %d bytes)"
                     % (a["name"], nbytes, expected, count, a["comps"], TYPES[a["type"]][1]))

        by_name = {}
        for a in arrays:
            by_name.setdefault(a["section"], {})[a["name"]] = a

        # Points
        pts_arrays = [a for a in arrays if a["section"] == "Points"]
        if len(pts_arrays) != 1:
            fail(path, "expected one Points array, found %d" % len(pts_arrays))
        pa = pts_arrays[0]
        if pa["comps"] != 3 or pa["type"] not in ("Float32", "Float64"):
            fail(path, "Points must be Float32/Float64 with 3 components")
        expect_size(pa, n_points)
        pv = values(pa)
        points = [(pv[3 * i], pv[3 * i + 1], pv[3 * i + 2]) for i in range(n_points)]

        # Cells
        cells = by_name.get("Cells", {})
        for required in ("connectivity", "offsets", "types"):
            if required not in cells:
                fail(path, "Cells lack the '%s' array" % required)
        for name in ("offsets", "types"):
            if cells[name]["comps"] != 1:
                fail(path, "array '%s' must have 1 component" % name)
            expect_size(cells[name], n_cells)
        offsets = values(cells["offsets"])
        types = values(cells["types"])
        n_conn = offsets[-1] if n_cells else 0
        expect_size(cells["connectivity"], n_conn)
        conn = values(cells["connectivity"])
        has_faces = "faces" in cells
        if has_faces != ("faceoffsets" in cells):
            fail(path, "'faces' and 'faceoffsets' must both be present or both absent")
        faceoffsets = faces = None
        if has_faces:
            expect_size(cells["faceoffsets"], n_cells)
            faceoffsets = values(cells["faceoffsets"])
            n_faces_stream = max([x for x in faceoffsets if x >= 0], default=0)
            expect_size(cells["faces"], n_faces_stream)
            faces = values(cells["faces"])
        for name, a in cells.items():
            if name not in ("connectivity", "offsets", "types", "faces", "faceoffsets"):
                fail(path, "unexpected Cells array '%s'" % name)

        # Cell and point data
        for a in by_name.get("CellData", {}).values():
            expect_size(a, n_cells)
        for a in by_name.get("PointData", {}).values():
            expect_size(a, n_points)

        # The blocks must tile the appended data in offset order.
        ordered = sorted(arrays, key=lambda a: a["offset"])
        position = 0
        for a in ordered:
            if a["offset"] != position:
                fail(path, "array '%s' starts at offset %d, expected %d (blocks must be contiguous)"
                     % (a["name"], a["offset"], position))
            position += 8 + block(a)
        tail = blob[position:]
        if not re.fullmatch(rb"\s*</AppendedData>\s*</VTKFile>\s*", tail):
            fail(path, "unexpected bytes after the last appended block (%d bytes: %r...)" % (len(tail), tail[:40]))

        # Connectivity and cell shapes
        previous = 0
        face_previous = 0
        for c in range(n_cells):
            end = offsets[c]
            if end <= previous:
                fail(path, "cell %d: offsets not increasing" % c)
            ids = conn[previous:end]
            previous = end
            for i in ids:
                if i < 0 or i >= n_points:
                    fail(path, "cell %d refers to point %d (NumberOfPoints %d)" % (c, i, n_points))
            t = types[c]
            if t not in CELL_POINTS:
                fail(path, "cell %d has unsupported type %d" % (c, t))
            expected = CELL_POINTS[t]
            if expected is not None and len(ids) != expected:
                fail(path, "cell %d of type %d has %d points, expected %d" % (c, t, len(ids), expected))
            if t == 7 and len(ids) < 3:
                fail(path, "cell %d: polygon with %d points" % (c, len(ids)))
            if t in CELL_FACES:
                vol = closed_volume([[points[ids[k]] for k in f] for f in CELL_FACES[t]])
                if not vol > 0:
                    fail(path, "cell %d: %s with non-positive volume %g (vertex order)" % (c, CELL_NAMES[t], vol))
            if t == 42:
                if not has_faces:
                    fail(path, "cell %d is a polyhedron but there is no 'faces' array" % c)
                fend = faceoffsets[c]
                if fend < 0:
                    fail(path, "cell %d is a polyhedron with faceoffset %d" % (c, fend))
                stream = faces[face_previous:fend]
                face_previous = fend
                if not stream:
                    fail(path, "cell %d: empty face stream" % c)
                nf = stream[0]
                k = 1
                poly = []
                used = set()
                for _ in range(nf):
                    if k >= len(stream):
                        fail(path, "cell %d: face stream ends early" % c)
                    npts = stream[k]
                    fids = stream[k + 1:k + 1 + npts]
                    if npts < 3 or len(fids) != npts:
                        fail(path, "cell %d: bad face in the face stream" % c)
                    for i in fids:
                        if i < 0 or i >= n_points:
                            fail(path, "cell %d: face refers to point %d" % (c, i))
                    used.update(fids)
                    poly.append([points[i] for i in fids])
                    k += 1 + npts
                if k != len(stream):
                    fail(path, "cell %d: %d face stream entries, %d used" % (c, len(stream), k))
                if used != set(ids):
                    fail(path, "cell %d: connectivity and face points differ" % c)
                vol = closed_volume(poly)
                if not vol > 0:
                    fail(path, "cell %d: polyhedron with non-positive volume %g (face orientation)" % (c, vol))
            elif has_faces and faceoffsets[c] != -1:
                fail(path, "cell %d is not a polyhedron but has faceoffset %d" % (c, faceoffsets[c]))

        if self.dump is not None:
            for a in arrays:
                if a["name"] == self.dump:
                    print("%s: %s" % (path, " ".join(repr(v) for v in values(a))))
                    break


def main(argv):
    dump = None
    times = False
    blocks = False
    same_arrays = False
    files = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--dump":
            if i + 1 >= len(argv):
                print("check_vtk: --dump needs an array name", file=sys.stderr)
                return 2
            dump = argv[i + 1]
            i += 2
            continue
        if arg == "--times":
            times = True
        elif arg == "--same-arrays":
            same_arrays = True
        elif arg == "--blocks":
            blocks = True
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            files.append(arg)
        i += 1
    if not files:
        print("usage: check_vtk.py [--dump ARRAY] [--same-arrays] [--times] [--blocks] FILE...", file=sys.stderr)
        return 2
    checker = Checker(dump, times, blocks, same_arrays)
    try:
        for f in files:
            checker.check(f)
    except CheckError as e:
        print("check_vtk: %s" % e, file=sys.stderr)
        return 1
    c = checker.counts
    print("ok: %d .pvd, %d .vtm, %d .pvtu, %d .vtu files" % (c["pvd"], c["vtm"], c["pvtu"], c["vtu"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
