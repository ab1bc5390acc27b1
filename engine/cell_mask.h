// A set of grid cells as a fixed-size bitset, shared by the square and hex grids (each grid's
// Index numbers its cells densely from 0).
#ifndef SANDTABLE_ENGINE_CELL_MASK_H_
#define SANDTABLE_ENGINE_CELL_MASK_H_

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/text.h"

namespace sandtable {

inline constexpr int kMaxCells = 2048;  // e.g. 48 x 32 for quickplay at cells_per_brick=2

// Error unless a width x height grid has sides of at least 1 and at most kMaxCells cells in
// all, so that a CellMask holds it; `kind` names it in the message ("grid", "hex grid").
inline absl::Status CheckGridSize(int width, int height, std::string_view kind) {
  if (width >= 1 && height >= 1 && width <= kMaxCells && height <= kMaxCells &&
      width * height <= kMaxCells) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      ToAbsl(kind), " ", width, "x", height,
      ": each side must be at least 1 and there may be at most ", kMaxCells, " cells"));
}

class CellMask {
 public:
  void Set(int index) { words_[index >> 6] |= uint64_t{1} << (index & 63); }
  void Reset(int index) { words_[index >> 6] &= ~(uint64_t{1} << (index & 63)); }
  bool Test(int index) const { return (words_[index >> 6] >> (index & 63)) & 1; }
  int Count() const {
    int n = 0;
    for (uint64_t w : words_) n += std::popcount(w);
    return n;
  }
  bool Empty() const {
    for (uint64_t w : words_) {
      if (w != 0) return false;
    }
    return true;
  }
  // True when the two sets share a cell.
  bool Intersects(const CellMask& other) const {
    for (int i = 0; i < kWords; ++i) {
      if ((words_[i] & other.words_[i]) != 0) return true;
    }
    return false;
  }
  CellMask& operator|=(const CellMask& other) {
    for (int i = 0; i < kWords; ++i) words_[i] |= other.words_[i];
    return *this;
  }
  CellMask& operator&=(const CellMask& other) {
    for (int i = 0; i < kWords; ++i) words_[i] &= other.words_[i];
    return *this;
  }
  // Takes out every member of `other` (set difference), word by word.
  CellMask& Remove(const CellMask& other) {
    for (int i = 0; i < kWords; ++i) words_[i] &= ~other.words_[i];
    return *this;
  }
  // Calls f(index) for every member in increasing index order.
  template <typename F>
  void ForEach(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      for (uint64_t w = words_[i]; w != 0; w &= w - 1) f(i * 64 + std::countr_zero(w));
    }
  }
  friend bool operator==(const CellMask&, const CellMask&) = default;

 private:
  static constexpr int kWords = kMaxCells / 64;
  std::array<uint64_t, kWords> words_{};
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_CELL_MASK_H_
