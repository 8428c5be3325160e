# Kernel#private_methods / protected_methods (all = true, or the singleton
# and the object's class only).
class Q
  protected def pr; end
  private def pv; end
  def pb; end
end
class R < Q
  private def pr2; end
  public :pv
end
q = Q.new
p q.protected_methods.include?(:pr), q.private_methods.include?(:pv), q.private_methods.include?(:puts)
p q.private_methods(false).sort, q.protected_methods(false).sort, q.public_methods(false).include?(:pb)
r = R.new
p r.private_methods.include?(:pv), r.public_methods.include?(:pv), r.private_methods(false).sort
def r.sing; end
r.singleton_class.send(:private, :sing)
p r.private_methods(false).sort
p Object.new.protected_methods
