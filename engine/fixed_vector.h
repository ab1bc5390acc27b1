// A vector with a compile-time capacity and no heap: action and outcome lists live on the
// stack in the hot loop.
#ifndef SANDTABLE_ENGINE_FIXED_VECTOR_H_
#define SANDTABLE_ENGINE_FIXED_VECTOR_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/check.h"

namespace sandtable {

template <typename T, int kCapacity>
class FixedVector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  using value_type = T;
  static constexpr int capacity() { return kCapacity; }

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == kCapacity; }
  void clear() { size_ = 0; }

  void push_back(const T& value) {
    DCHECK(size_ < kCapacity);
    items_[size_++] = value;
  }
  // Appends `count` values at once: the hot path copies precomputed lists.
  void Append(const T* values, int count) {
    DCHECK(count >= 0 && size_ + count <= kCapacity);
    if (count > 0) std::memcpy(items_ + size_, values, sizeof(T) * count);
    size_ += count;
  }
  // For bulk writers: fill data() (up to capacity()) directly, then set the size once.
  void SetSize(int size) {
    DCHECK(size >= 0 && size <= kCapacity);
    size_ = size;
  }
  void pop_back() {
    DCHECK(size_ > 0);
    --size_;
  }
  // Drops the element at `index` by moving the last element into its place (order changes).
  void SwapRemove(int index) {
    DCHECK(index >= 0 && index < size_);
    items_[index] = items_[--size_];
  }

  T& operator[](int index) {
    DCHECK(index >= 0 && index < size_);
    return items_[index];
  }
  const T& operator[](int index) const {
    DCHECK(index >= 0 && index < size_);
    return items_[index];
  }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  T* begin() { return items_; }
  T* end() { return items_ + size_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }
  T* data() { return items_; }
  const T* data() const { return items_; }

  bool Contains(const T& value) const {
    for (int i = 0; i < size_; ++i) {
      if (items_[i] == value) return true;
    }
    return false;
  }

 private:
  int size_ = 0;
  T items_[kCapacity];
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_FIXED_VECTOR_H_
