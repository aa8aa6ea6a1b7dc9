;; exp(−|x|) over an array, two doubles per vector, with the operations of fdlibm's e_exp.c (the algorithm behind
;; V8's Math.exp), so that every result equals Math.exp(−|x|) to the last bit. Used by the binomial GLMM kernels
;; (pirls-scalar.ts), where one exponential per row and PIRLS pass is most of the time. Built into `exp-wasm.ts` by
;; `npm run build:wasm`; `kernels.test.ts` checks the committed bytes and the results against Math.exp.
;;
;; expneg(src, dst, pairs), addresses in bytes: dst[i] = exp(−|src[i]|) for i < 2·pairs. Returns 1 when some lane
;; lies where fdlibm takes another branch (|x| < 2⁻²⁸, |x| ≥ 708, NaN); the caller recomputes those lanes.
;;
;; For x = −|src| in the common range fdlibm computes
;;   k = 0 when |x| < 0.5·ln 2 (high word ≤ 0x3fd62e42), else trunc(x/ln 2 − 0.5); (its separate branch for
;;       |x| < 1.5·ln 2, k = −1, gives the same k, hi and lo);
;;   hi = x − k·ln2hi, lo = k·ln2lo, r = hi − lo, t = r²,
;;   c = r − t(P1 + t(P2 + t(P3 + t(P4 + t·P5)))),
;;   y = 1 − ((lo − r·c/(2 − c)) − hi)   (for k = 0 fdlibm writes 1 − (r·c/(c − 2) − r), the same operations),
;;   exp(x) = y·2^k, with 2^k built from its exponent bits (k ≥ −1021 here).
(module
  (memory (export "memory") 1)

  (func (export "expneg") (param $src i32) (param $dst i32) (param $pairs i32) (result i32)
    (local $i i32) (local $off i32) (local $bad v128)
    (local $ax v128) (local $x v128) (local $k v128) (local $hi v128) (local $lo v128) (local $r v128) (local $t v128)
    (local $c v128) (local $y v128)
    (local $tiny v128) (local $big v128) (local $half v128) (local $invln2 v128) (local $mhalf v128)
    (local $ln2hi v128) (local $ln2lo v128) (local $p1 v128) (local $p2 v128) (local $p3 v128) (local $p4 v128)
    (local $p5 v128) (local $one v128) (local $two v128) (local $bias v128)
    ;; Constants live in locals: splatted inside the loop they would be rebuilt on every iteration.
    (local.set $tiny (f64x2.splat (f64.const 0x1p-28)))
    (local.set $big (f64x2.splat (f64.const 708)))
    (local.set $half (f64x2.splat (f64.const 0x1.62e43p-2)))
    (local.set $invln2 (f64x2.splat (f64.const 1.44269504088896338700e+00)))
    (local.set $mhalf (f64x2.splat (f64.const 0.5)))
    (local.set $ln2hi (f64x2.splat (f64.const 6.93147180369123816490e-01)))
    (local.set $ln2lo (f64x2.splat (f64.const 1.90821492927058770002e-10)))
    (local.set $p1 (f64x2.splat (f64.const 1.66666666666666019037e-01)))
    (local.set $p2 (f64x2.splat (f64.const -2.77777777770155933842e-03)))
    (local.set $p3 (f64x2.splat (f64.const 6.61375632143793436117e-05)))
    (local.set $p4 (f64x2.splat (f64.const -1.65339022054652515390e-06)))
    (local.set $p5 (f64x2.splat (f64.const 4.13813679705723846039e-08)))
    (local.set $one (f64x2.splat (f64.const 1)))
    (local.set $two (f64x2.splat (f64.const 2)))
    (local.set $bias (i64x2.splat (i64.const 1023)))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $pairs)))
      (local.set $off (i32.shl (local.get $i) (i32.const 4)))
      (local.set $ax (f64x2.abs (v128.load (i32.add (local.get $src) (local.get $off)))))
      (local.set $x (f64x2.neg (local.get $ax)))
      (local.set $bad (v128.or (local.get $bad)
        (v128.or (v128.or (f64x2.lt (local.get $ax) (local.get $tiny)) (f64x2.ge (local.get $ax) (local.get $big)))
          (f64x2.ne (local.get $ax) (local.get $ax)))))
      ;; k, as a double; the mask keeps it where |x| ≥ 0.5·ln 2 and makes it +0 elsewhere.
      (local.set $k (v128.and
        (f64x2.trunc (f64x2.sub (f64x2.mul (local.get $x) (local.get $invln2)) (local.get $mhalf)))
        (f64x2.ge (local.get $ax) (local.get $half))))
      (local.set $hi (f64x2.sub (local.get $x) (f64x2.mul (local.get $k) (local.get $ln2hi))))
      (local.set $lo (f64x2.mul (local.get $k) (local.get $ln2lo)))
      (local.set $r (f64x2.sub (local.get $hi) (local.get $lo)))
      (local.set $t (f64x2.mul (local.get $r) (local.get $r)))
      (local.set $c (f64x2.sub (local.get $r) (f64x2.mul (local.get $t)
        (f64x2.add (local.get $p1) (f64x2.mul (local.get $t)
          (f64x2.add (local.get $p2) (f64x2.mul (local.get $t)
            (f64x2.add (local.get $p3) (f64x2.mul (local.get $t)
              (f64x2.add (local.get $p4) (f64x2.mul (local.get $t) (local.get $p5))))))))))))
      (local.set $y (f64x2.sub (local.get $one)
        (f64x2.sub
          (f64x2.sub (local.get $lo)
            (f64x2.div (f64x2.mul (local.get $r) (local.get $c)) (f64x2.sub (local.get $two) (local.get $c))))
          (local.get $hi))))
      (v128.store (i32.add (local.get $dst) (local.get $off))
        (f64x2.mul (local.get $y)
          (i64x2.shl
            (i64x2.add (i64x2.extend_low_i32x4_s (i32x4.trunc_sat_f64x2_s_zero (local.get $k))) (local.get $bias))
            (i32.const 52))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next)))
    (v128.any_true (local.get $bad)))
)
