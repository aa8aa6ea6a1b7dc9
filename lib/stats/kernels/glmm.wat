;; The row loops of a GLMM with a random intercept (pirls-scalar.ts), binomial or Poisson, in WebAssembly: the linear
;; predictor, the exponentials (two doubles per vector), the deviance and the next PIRLS iteration's sums. V8 compiles a
;; JavaScript loop over typed arrays that arrive as arguments to code about three times slower than the same loop over
;; arrays it can treat as constants, and these loops run a few hundred times per fit over every row. Built into
;; `glmm-wasm.ts` by `npm run build:wasm`; `kernels.test.ts` checks the committed bytes, and the results against the
;; JavaScript code. Every operation is the JavaScript code's, in its order, so the results are the same to the last bit.
;; Addresses are in bytes; row arrays hold doubles except blk and cls (i32); g is a row's group, zc the intercept
;; term's Z value times θ; `family` is 0 for the binomial, 1 for Poisson.
;;
;; linear(off, blk, u, zc, eta, pairs): η[i] = off[i] + zc·u[blk[i]] for i < 2·pairs.
;;
;; exp(src, dst, pairs, negabs): dst[i] = exp(x) for x = −|src[i]| (negabs = 1) or x = src[i] (negabs = 0), i < 2·pairs,
;;   with the operations of fdlibm's e_exp.c (the algorithm behind V8's Math.exp), so every result equals Math.exp(x).
;;   Returns 1 when some lane lies where fdlibm takes another branch (|x| < 2⁻²⁸, |x| ≥ 708, NaN); the caller
;;   recomputes those lanes. In the common range fdlibm computes
;;     k = 0 when |x| < 0.5·ln 2 (high word ≤ 0x3fd62e42), else trunc(x/ln 2 ± 0.5) with the sign of x (fdlibm's
;;         separate branch for |x| < 1.5·ln 2, k = ±1, gives the same k, hi and lo);
;;     hi = x − k·ln2hi, lo = k·ln2lo, r = hi − lo, t = r²,
;;     c = r − t(P1 + t(P2 + t(P3 + t(P4 + t·P5)))),
;;     y = 1 − ((lo − r·c/(2 − c)) − hi)   (for k = 0 fdlibm writes 1 − (r·c/(c − 2) − r), the same operations),
;;     exp(x) = y·2^k, with 2^k built from its exponent bits (|k| ≤ 1021 here).
;;
;; deviance(eta, ex, y, wt, ylogy, cls, prod, logs, k, n): the binomial deviance's two parts over rows i < n, in row
;;   order (ex = exp(−|η|)): returns Σ wt(ylogy + y(|η| − η)/2 + (1 − y)(|η| + η)/2), and multiplies prod[c] by
;;   (1 + ex) for each row of weight class c = cls[i], moving the product into logs[c] (as its log) whenever it exceeds
;;   1e280. With one class (k = 1) the running product stays in a local.
;; poissonDeviance(eta, mu, y, wt, ylogy, n): Σ 2wt(ylogy − y·η − (y − μ)) in row order.
;; factored(off, E, blk, u, G, zc, eta, mu, n): a Poisson random intercept's η = off + zc·u[g] and μ = E[i]·G[g]
;;   (E = exp(Xβ + offset) per row, G = exp(zc·u) per group, both from the caller).
;;
;; The next PIRLS iteration's sums at the state of the last pass, with μ = 1/(1 + ex) for η ≥ 0 and ex/(1 + ex)
;; otherwise and the IRLS weight w = wt·μ·(1 − μ) (binomial), or μ = ex and w = wt·μ (Poisson):
;; laplaceSums(eta, ex, y, wt, blk, u, zc, A, rhs, q, n, family): A[g] += w·zc·zc and rhs[g] += zc(w·zc·u[g] + wt(y − μ)),
;;   both zeroed first (glmer's second stage);
;; jointSums(eta, ex, y, wt, offset, blk, zc, w, v, wz, A, ru, q, n, family): the joint system of the first stage:
;;   w[i], the working response v[i] = w(η − offset) + wt(y − μ) and wz[i] = w·zc per row, A[g] += wz·zc and
;;   ru[g] += zc·v.
(module
  (import "m" "log" (func $log (param f64) (result f64)))
  (memory (export "memory") 1)

  (func (export "linear") (param $off i32) (param $blk i32) (param $u i32) (param $zc f64) (param $eta i32) (param $pairs i32)
    (local $i i32) (local $o i32) (local $b i32) (local $z v128)
    (local.set $z (f64x2.splat (local.get $zc)))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $pairs)))
      (local.set $o (i32.shl (local.get $i) (i32.const 4)))
      (local.set $b (i32.add (local.get $blk) (i32.shl (local.get $i) (i32.const 3))))
      (v128.store (i32.add (local.get $eta) (local.get $o))
        (f64x2.add (v128.load (i32.add (local.get $off) (local.get $o)))
          (f64x2.mul (local.get $z)
            (f64x2.replace_lane 1
              (f64x2.splat (f64.load (i32.add (local.get $u) (i32.shl (i32.load (local.get $b)) (i32.const 3)))))
              (f64.load (i32.add (local.get $u) (i32.shl (i32.load offset=4 (local.get $b)) (i32.const 3))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))

  (func (export "exp") (param $src i32) (param $dst i32) (param $pairs i32) (param $negabs i32) (result i32)
    (local $i i32) (local $off i32) (local $bad v128)
    (local $ax v128) (local $x v128) (local $k v128) (local $hi v128) (local $lo v128) (local $r v128) (local $t v128)
    (local $c v128) (local $y v128)
    (local $tiny v128) (local $big v128) (local $half v128) (local $invln2 v128) (local $mhalf v128)
    (local $ln2hi v128) (local $ln2lo v128) (local $p1 v128) (local $p2 v128) (local $p3 v128) (local $p4 v128)
    (local $p5 v128) (local $one v128) (local $two v128) (local $bias v128) (local $sign v128) (local $v v128)
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
    (local.set $sign (i64x2.splat (i64.const 0x8000000000000000)))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $pairs)))
      (local.set $off (i32.shl (local.get $i) (i32.const 4)))
      (local.set $v (v128.load (i32.add (local.get $src) (local.get $off))))
      (local.set $ax (f64x2.abs (local.get $v)))
      (local.set $x (if (result v128) (local.get $negabs) (then (f64x2.neg (local.get $ax))) (else (local.get $v))))
      (local.set $bad (v128.or (local.get $bad)
        (v128.or (v128.or (f64x2.lt (local.get $ax) (local.get $tiny)) (f64x2.ge (local.get $ax) (local.get $big)))
          (f64x2.ne (local.get $ax) (local.get $ax)))))
      ;; k, as a double (0.5 takes x's sign bit); the mask keeps it where |x| ≥ 0.5·ln 2 and makes it +0 elsewhere.
      (local.set $k (v128.and
        (f64x2.trunc (f64x2.add (f64x2.mul (local.get $x) (local.get $invln2))
          (v128.or (local.get $mhalf) (v128.and (local.get $x) (local.get $sign)))))
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

  (func (export "deviance") (param $eta i32) (param $ex i32) (param $y i32) (param $wt i32) (param $ylogy i32)
    (param $cls i32) (param $prod i32) (param $logs i32) (param $k i32) (param $n i32) (result f64)
    (local $i i32) (local $o i32) (local $e f64) (local $ae f64) (local $yi f64) (local $rest f64) (local $v f64)
    (local $pr f64) (local $lg f64) (local $pc i32) (local $lc i32)
    (local.set $pr (f64.const 1))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $e (f64.load (i32.add (local.get $eta) (local.get $o))))
      (local.set $ae (f64.abs (local.get $e)))
      (local.set $yi (f64.load (i32.add (local.get $y) (local.get $o))))
      ;; rest += wt·(ylogy + y·0.5·(|η| − η) + (1 − y)·0.5·(|η| + η))
      (local.set $rest (f64.add (local.get $rest)
        (f64.mul (f64.load (i32.add (local.get $wt) (local.get $o)))
          (f64.add
            (f64.add (f64.load (i32.add (local.get $ylogy) (local.get $o)))
              (f64.mul (f64.mul (local.get $yi) (f64.const 0.5)) (f64.sub (local.get $ae) (local.get $e))))
            (f64.mul (f64.mul (f64.sub (f64.const 1) (local.get $yi)) (f64.const 0.5)) (f64.add (local.get $ae) (local.get $e)))))))
      (if (i32.eq (local.get $k) (i32.const 1))
        (then
          (local.set $v (f64.mul (local.get $pr) (f64.add (f64.const 1) (f64.load (i32.add (local.get $ex) (local.get $o))))))
          (if (f64.gt (local.get $v) (f64.const 1e280))
            (then (local.set $lg (f64.add (local.get $lg) (call $log (local.get $v)))) (local.set $pr (f64.const 1)))
            (else (local.set $pr (local.get $v)))))
        (else
          (local.set $lc (i32.shl (i32.load (i32.add (local.get $cls) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3)))
          (local.set $pc (i32.add (local.get $prod) (local.get $lc)))
          (local.set $v (f64.mul (f64.load (local.get $pc)) (f64.add (f64.const 1) (f64.load (i32.add (local.get $ex) (local.get $o))))))
          (if (f64.gt (local.get $v) (f64.const 1e280))
            (then
              (local.set $lc (i32.add (local.get $logs) (local.get $lc)))
              (f64.store (local.get $lc) (f64.add (f64.load (local.get $lc)) (call $log (local.get $v))))
              (f64.store (local.get $pc) (f64.const 1)))
            (else (f64.store (local.get $pc) (local.get $v))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next)))
    (if (i32.eq (local.get $k) (i32.const 1))
      (then (f64.store (local.get $prod) (local.get $pr)) (f64.store (local.get $logs) (local.get $lg))))
    (local.get $rest))

  (func $zero (param $at i32) (param $count i32)
    (memory.fill (local.get $at) (i32.const 0) (i32.shl (local.get $count) (i32.const 3))))

  (func (export "laplaceSums") (param $eta i32) (param $ex i32) (param $y i32) (param $wt i32) (param $blk i32)
    (param $u i32) (param $zc f64) (param $A i32) (param $rhs i32) (param $q i32) (param $n i32) (param $family i32)
    (local $i i32) (local $o i32) (local $g i32) (local $xi f64) (local $wti f64) (local $m f64) (local $wi f64)
    (local $at i32)
    (call $zero (local.get $A) (local.get $q))
    (call $zero (local.get $rhs) (local.get $q))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $g (i32.shl (i32.load (i32.add (local.get $blk) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3)))
      (local.set $xi (f64.load (i32.add (local.get $ex) (local.get $o))))
      (local.set $wti (f64.load (i32.add (local.get $wt) (local.get $o))))
      (if (local.get $family)
        (then (local.set $m (local.get $xi)) (local.set $wi (f64.mul (local.get $wti) (local.get $m))))
        (else
          (local.set $m (f64.div
            (select (f64.const 1) (local.get $xi) (f64.ge (f64.load (i32.add (local.get $eta) (local.get $o))) (f64.const 0)))
            (f64.add (f64.const 1) (local.get $xi))))
          (local.set $wi (f64.mul (f64.mul (local.get $wti) (local.get $m)) (f64.sub (f64.const 1) (local.get $m))))))
      (local.set $at (i32.add (local.get $A) (local.get $g)))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (f64.mul (local.get $wi) (local.get $zc)) (local.get $zc))))
      (local.set $at (i32.add (local.get $rhs) (local.get $g)))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
        (f64.mul (local.get $zc)
          (f64.add
            (f64.mul (local.get $wi) (f64.mul (local.get $zc) (f64.load (i32.add (local.get $u) (local.get $g)))))
            (f64.mul (local.get $wti) (f64.sub (f64.load (i32.add (local.get $y) (local.get $o))) (local.get $m)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))

  (func (export "jointSums") (param $eta i32) (param $ex i32) (param $y i32) (param $wt i32) (param $offset i32)
    (param $blk i32) (param $zc f64) (param $w i32) (param $v i32) (param $wz i32) (param $A i32) (param $ru i32)
    (param $q i32) (param $n i32) (param $family i32)
    (local $i i32) (local $o i32) (local $g i32) (local $e f64) (local $xi f64) (local $wti f64) (local $m f64)
    (local $wi f64) (local $vi f64) (local $wzi f64) (local $at i32)
    (call $zero (local.get $A) (local.get $q))
    (call $zero (local.get $ru) (local.get $q))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $g (i32.shl (i32.load (i32.add (local.get $blk) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3)))
      (local.set $e (f64.load (i32.add (local.get $eta) (local.get $o))))
      (local.set $xi (f64.load (i32.add (local.get $ex) (local.get $o))))
      (local.set $wti (f64.load (i32.add (local.get $wt) (local.get $o))))
      (if (local.get $family)
        (then (local.set $m (local.get $xi)) (local.set $wi (f64.mul (local.get $wti) (local.get $m))))
        (else
          (local.set $m (f64.div
            (select (f64.const 1) (local.get $xi) (f64.ge (local.get $e) (f64.const 0)))
            (f64.add (f64.const 1) (local.get $xi))))
          (local.set $wi (f64.mul (f64.mul (local.get $wti) (local.get $m)) (f64.sub (f64.const 1) (local.get $m))))))
      (local.set $vi (f64.add
        (f64.mul (local.get $wi) (f64.sub (local.get $e) (f64.load (i32.add (local.get $offset) (local.get $o)))))
        (f64.mul (local.get $wti) (f64.sub (f64.load (i32.add (local.get $y) (local.get $o))) (local.get $m)))))
      (local.set $wzi (f64.mul (local.get $wi) (local.get $zc)))
      (f64.store (i32.add (local.get $w) (local.get $o)) (local.get $wi))
      (f64.store (i32.add (local.get $v) (local.get $o)) (local.get $vi))
      (f64.store (i32.add (local.get $wz) (local.get $o)) (local.get $wzi))
      (local.set $at (i32.add (local.get $A) (local.get $g)))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $wzi) (local.get $zc))))
      (local.set $at (i32.add (local.get $ru) (local.get $g)))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $zc) (local.get $vi))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))

  (func (export "poissonDeviance") (param $eta i32) (param $mu i32) (param $y i32) (param $wt i32) (param $ylogy i32)
    (param $n i32) (result f64)
    (local $i i32) (local $o i32) (local $yi f64) (local $dev f64)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $yi (f64.load (i32.add (local.get $y) (local.get $o))))
      ;; dev += 2·wt·(ylogy − y·η − (y − μ))
      (local.set $dev (f64.add (local.get $dev)
        (f64.mul (f64.mul (f64.const 2) (f64.load (i32.add (local.get $wt) (local.get $o))))
          (f64.sub
            (f64.sub (f64.load (i32.add (local.get $ylogy) (local.get $o)))
              (f64.mul (local.get $yi) (f64.load (i32.add (local.get $eta) (local.get $o)))))
            (f64.sub (local.get $yi) (f64.load (i32.add (local.get $mu) (local.get $o))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next)))
    (local.get $dev))

  (func (export "factored") (param $off i32) (param $E i32) (param $blk i32) (param $u i32) (param $G i32) (param $zc f64)
    (param $eta i32) (param $mu i32) (param $n i32)
    (local $i i32) (local $o i32) (local $g i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $g (i32.shl (i32.load (i32.add (local.get $blk) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3)))
      (f64.store (i32.add (local.get $eta) (local.get $o))
        (f64.add (f64.load (i32.add (local.get $off) (local.get $o)))
          (f64.mul (local.get $zc) (f64.load (i32.add (local.get $u) (local.get $g))))))
      (f64.store (i32.add (local.get $mu) (local.get $o))
        (f64.mul (f64.load (i32.add (local.get $E) (local.get $o))) (f64.load (i32.add (local.get $G) (local.get $g)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))
)
