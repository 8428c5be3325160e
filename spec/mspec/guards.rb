# Guards, evaluated as MSpec does for a Ruby 3.4 (RUBY_VERSION) target on
# Linux x86-64/AArch64.  With a block they yield when the guard matches;
# without one they return the boolean.  They work at load time (around
# describe/it) and at run time (inside an example).

module MSpec
  @features = [:fiber, :encoding, :thread]

  def self.features
    @features
  end

  def self.version_parts(v)
    v.to_s.split(".").map { |s| s.to_i }
  end

  # <=>-style comparison of two version strings, padding with zeros.
  def self.version_cmp(a, b)
    pa = version_parts(a)
    pb = version_parts(b)
    n = pa.size > pb.size ? pa.size : pb.size
    i = 0
    while i < n
      x = pa[i] || 0
      y = pb[i] || 0
      return -1 if x < y
      return 1 if x > y
      i += 1
    end
    0
  end

  # v <= bound where bound "3.2" also covers 3.2.x (MSpec's inclusive end)
  def self.version_le_inclusive(v, bound)
    pv = version_parts(v)
    pb = version_parts(bound)
    version_cmp(pv.first(pb.size).join("."), bound) <= 0
  end

  # "3.2" means >= 3.2; a Range means begin <= v < end (or <= end.x.y)
  def self.version_match?(spec, version = RUBY_VERSION)
    if spec.is_a?(Range)
      lo = spec.begin
      hi = spec.end
      if lo && lo.to_s != ""
        return false if version_cmp(version, lo) < 0
      end
      if hi && hi.to_s != ""
        if spec.exclude_end?
          return false unless version_cmp(version, hi) < 0
        else
          return false unless version_le_inclusive(version, hi)
        end
      end
      true
    else
      version_cmp(version, spec) >= 0
    end
  end

  def self.platform_match?(args)
    args.each do |a|
      if a.is_a?(Hash)
        a.each do |k, v|
          if k == :wordsize || k == :c_long_size || k == :pointer_size || k == :size_t
            return true if v == 64
          end
        end
      else
        return true if MSpec.os_match?(a)
      end
    end
    false
  end

  def self.guard_result(ok)
    if ok
      yield if block_given?
    end
    ok
  end
end

class Object
  private

  def ruby_version_is(spec)
    ok = MSpec.version_match?(spec)
    if block_given?
      yield if ok
    end
    ok
  end

  # version_is VERSION, REQUIREMENT { }: MSpec's guard on a library's own
  # version (StringScanner::Version >= "3.1.1", or a Range of versions)
  def version_is(version, requirement)
    ok = MSpec.version_match?(requirement, version.to_s)
    if block_given?
      yield if ok
    end
    ok
  end

  def platform_is(*args)
    ok = MSpec.platform_match?(args)
    if block_given?
      yield if ok
    end
    ok
  end

  def platform_is_not(*args)
    ok = !MSpec.platform_match?(args)
    if block_given?
      yield if ok
    end
    ok
  end

  # guard -> { condition } do ... end
  def guard(condition)
    ok = condition.call ? true : false
    if block_given?
      yield if ok
    end
    ok
  end

  def guard_not(condition)
    ok = condition.call ? false : true
    if block_given?
      yield if ok
    end
    ok
  end

  def with_feature(*features)
    ok = features.all? { |f| MSpec.features.include?(f) }
    if block_given?
      yield if ok
    end
    ok
  end

  def without_feature(*features)
    ok = !features.any? { |f| MSpec.features.include?(f) }
    if block_given?
      yield if ok
    end
    ok
  end

  # ruby_bug "#1234", "3.2" (or a Range): skip while the target version
  # still has the bug.
  def ruby_bug(bug, version)
    affected = if version.is_a?(Range)
                 MSpec.version_match?(version)
               else
                 MSpec.version_le_inclusive(RUBY_VERSION, version)
               end
    ok = !affected
    if block_given?
      yield if ok
    end
    ok
  end

  def not_supported_on(*impls)
    ok = !impls.include?(:spinel)
    if block_given?
      yield if ok
    end
    ok
  end

  def not_compliant_on(*impls)
    ok = !impls.include?(:spinel)
    if block_given?
      yield if ok
    end
    ok
  end

  def deviates_on(*impls)
    ok = impls.include?(:spinel)
    if block_given?
      yield if ok
    end
    ok
  end

  def conflicts_with(*mods)
    yield if block_given?
    true
  end

  def little_endian
    yield if block_given?
    true
  end

  def big_endian
    false
  end

  # MSpec's SuperUserGuard/RealSuperUserGuard: as_user runs when the
  # effective uid is not 0, as_superuser when it is, as_real_superuser when
  # the real uid is 0.
  def as_user
    ok = Process.euid != 0
    yield if ok && block_given?
    ok
  end

  def as_superuser
    ok = Process.euid == 0
    yield if ok && block_given?
    ok
  end

  def as_real_superuser
    ok = Process.uid == 0
    yield if ok && block_given?
    ok
  end

  def quarantine!
    false
  end

  def slow
    yield if block_given?
    true
  end

  def process_is_foreground
    yield if block_given?
    true
  end
end
