#pragma once
// Frees a container's storage now, for arrays that are done with before the
// end of their scope. `v = {}` does not: for a std::vector it picks
// operator=(initializer_list), which empties the vector and keeps its
// capacity, and so does clear().
//
//   std::vector<GlobalLabel> stream = ...;
//   ...                      // last use
//   release(stream);         // the memory goes back now, not at the end of the scope
namespace sluice {

template <class Container>
void release(Container& c) {
  Container().swap(c);
}

}  // namespace sluice
