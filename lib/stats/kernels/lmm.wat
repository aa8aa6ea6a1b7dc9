;; One deviance evaluation of a linear mixed model with a single random-effect term of one or two columns
;; (`blockProfiler` in lmm-deviance.ts): per group g the k × k block L_g = chol(TᵀB_gT + I), and the sums over groups
;; of log|L_g|², c_gᵀc_g with c_g = L_g⁻¹TᵀZy_g, R_gᵀc_g and R_gᵀR_g (lower triangle) with R_g = L_g⁻¹TᵀZX_g.
;; The JavaScript loop, over typed arrays it closes over, runs about twice as slow, and a
;; fit evaluates the deviance a few hundred times. Every operation is the JavaScript code's, in its order (Math.log is
;; imported, √ is IEEE's), so the results are the same to the last bit. Built into `lmm-wasm.ts` by
;; `npm run build:wasm`; `kernels.test.ts` checks the committed bytes and the results against the JavaScript code.
;; Addresses in bytes; p fixed effects; RtR (p × p, row-major, lower triangle written) and Rtc (p) are added to.
;;
;; scalar(B, Zy, ZX, G, p, t2, RtR, Rtc, out): k = 1, with t2 = θ²: m = 1 + t2·B_g, w = t2/m; Σ log m into out[1],
;;   Σ w·Zy_g² into out[0], Rtc[i] += w·ZX_gi·Zy_g, RtR[i, j] += w·ZX_gi·ZX_gj.
;; pair(B, Zy, ZX, G, p, a, b, c, r0, r1, RtR, Rtc, out): k = 2, T = [[a, 0], [b, c]] (B_g row-major 2 × 2, Zy_g two
;;   values, ZX_g two rows of p): the closed-form 2 × 2 Cholesky; Σ c_gᵀc_g into out[0], Σ 2(log l00 + log l11) into
;;   out[1]; r0, r1 (p each) are work space.
(module
  (import "m" "log" (func $log (param f64) (result f64)))
  (memory (export "memory") 1)

  (func (export "scalar") (param $B i32) (param $Zy i32) (param $ZX i32) (param $G i32) (param $p i32) (param $t2 f64)
    (param $RtR i32) (param $Rtc i32) (param $out i32)
    (local $g i32) (local $i i32) (local $j i32) (local $m f64) (local $w f64) (local $zy f64) (local $wi f64)
    (local $cc f64) (local $ld f64) (local $xo i32) (local $at i32) (local $row i32)
    (block $gdone (loop $gloop
      (br_if $gdone (i32.ge_u (local.get $g) (local.get $G)))
      (local.set $m (f64.add (f64.const 1) (f64.mul (local.get $t2) (f64.load (i32.add (local.get $B) (i32.shl (local.get $g) (i32.const 3)))))))
      (local.set $w (f64.div (local.get $t2) (local.get $m)))
      (local.set $zy (f64.load (i32.add (local.get $Zy) (i32.shl (local.get $g) (i32.const 3)))))
      (local.set $ld (f64.add (local.get $ld) (call $log (local.get $m))))
      (local.set $cc (f64.add (local.get $cc) (f64.mul (f64.mul (local.get $w) (local.get $zy)) (local.get $zy))))
      (local.set $xo (i32.add (local.get $ZX) (i32.shl (i32.mul (local.get $g) (local.get $p)) (i32.const 3))))
      (local.set $i (i32.const 0))
      (block $idone (loop $iloop
        (br_if $idone (i32.ge_u (local.get $i) (local.get $p)))
        (local.set $wi (f64.mul (local.get $w) (f64.load (i32.add (local.get $xo) (i32.shl (local.get $i) (i32.const 3))))))
        (local.set $at (i32.add (local.get $Rtc) (i32.shl (local.get $i) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $wi) (local.get $zy))))
        (local.set $row (i32.add (local.get $RtR) (i32.shl (i32.mul (local.get $i) (local.get $p)) (i32.const 3))))
        (local.set $j (i32.const 0))
        (block $jdone (loop $jloop
          (br_if $jdone (i32.gt_u (local.get $j) (local.get $i)))
          (local.set $at (i32.add (local.get $row) (i32.shl (local.get $j) (i32.const 3))))
          (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
            (f64.mul (local.get $wi) (f64.load (i32.add (local.get $xo) (i32.shl (local.get $j) (i32.const 3)))))))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br $jloop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $iloop)))
      (local.set $g (i32.add (local.get $g) (i32.const 1)))
      (br $gloop)))
    (f64.store (local.get $out) (local.get $cc))
    (f64.store offset=8 (local.get $out) (local.get $ld)))

  (func (export "pair") (param $B i32) (param $Zy i32) (param $ZX i32) (param $G i32) (param $p i32)
    (param $a f64) (param $b f64) (param $c f64) (param $r0 i32) (param $r1 i32) (param $RtR i32) (param $Rtc i32) (param $out i32)
    (local $g i32) (local $i i32) (local $j i32) (local $o i32)
    (local $B00 f64) (local $B01 f64) (local $B11 f64) (local $bt00 f64) (local $bt01 f64) (local $bt10 f64) (local $bt11 f64)
    (local $m00 f64) (local $m01 f64) (local $m11 f64) (local $l00 f64) (local $l10 f64) (local $l11 f64)
    (local $zy0 f64) (local $zy1 f64) (local $c0 f64) (local $c1 f64) (local $x0 f64) (local $x1 f64) (local $v0 f64)
    (local $u0 f64) (local $u1 f64) (local $cc f64) (local $ld f64) (local $xo i32) (local $at i32) (local $row i32) (local $jo i32)
    (block $gdone (loop $gloop
      (br_if $gdone (i32.ge_u (local.get $g) (local.get $G)))
      (local.set $o (i32.add (local.get $B) (i32.shl (local.get $g) (i32.const 5))))
      (local.set $B00 (f64.load (local.get $o)))
      (local.set $B01 (f64.load offset=8 (local.get $o)))
      (local.set $B11 (f64.load offset=24 (local.get $o)))
      (local.set $bt00 (f64.add (f64.mul (local.get $B00) (local.get $a)) (f64.mul (local.get $B01) (local.get $b))))
      (local.set $bt01 (f64.mul (local.get $B01) (local.get $c)))
      (local.set $bt10 (f64.add (f64.mul (local.get $B01) (local.get $a)) (f64.mul (local.get $B11) (local.get $b))))
      (local.set $bt11 (f64.mul (local.get $B11) (local.get $c)))
      (local.set $m00 (f64.add (f64.add (f64.mul (local.get $a) (local.get $bt00)) (f64.mul (local.get $b) (local.get $bt10))) (f64.const 1)))
      (local.set $m01 (f64.add (f64.mul (local.get $a) (local.get $bt01)) (f64.mul (local.get $b) (local.get $bt11))))
      (local.set $m11 (f64.add (f64.mul (local.get $c) (local.get $bt11)) (f64.const 1)))
      (local.set $l00 (f64.sqrt (local.get $m00)))
      (local.set $l10 (f64.div (local.get $m01) (local.get $l00)))
      (local.set $l11 (f64.sqrt (f64.sub (local.get $m11) (f64.mul (local.get $l10) (local.get $l10)))))
      (local.set $ld (f64.add (local.get $ld)
        (f64.mul (f64.const 2) (f64.add (call $log (local.get $l00)) (call $log (local.get $l11))))))
      (local.set $o (i32.add (local.get $Zy) (i32.shl (local.get $g) (i32.const 4))))
      (local.set $zy0 (f64.load (local.get $o)))
      (local.set $zy1 (f64.load offset=8 (local.get $o)))
      (local.set $c0 (f64.div (f64.add (f64.mul (local.get $a) (local.get $zy0)) (f64.mul (local.get $b) (local.get $zy1))) (local.get $l00)))
      (local.set $c1 (f64.div (f64.sub (f64.mul (local.get $c) (local.get $zy1)) (f64.mul (local.get $l10) (local.get $c0))) (local.get $l11)))
      (local.set $cc (f64.add (local.get $cc) (f64.add (f64.mul (local.get $c0) (local.get $c0)) (f64.mul (local.get $c1) (local.get $c1)))))
      ;; rows r0 = (a·ZX₀ + b·ZX₁)/l00, r1 = (c·ZX₁ − l10·r0)/l11 of R_g
      (local.set $xo (i32.add (local.get $ZX) (i32.shl (i32.mul (local.get $g) (local.get $p)) (i32.const 4))))
      (local.set $j (i32.const 0))
      (block $jdone (loop $jloop
        (br_if $jdone (i32.ge_u (local.get $j) (local.get $p)))
        (local.set $jo (i32.shl (local.get $j) (i32.const 3)))
        (local.set $x0 (f64.load (i32.add (local.get $xo) (local.get $jo))))
        (local.set $x1 (f64.load (i32.add (i32.add (local.get $xo) (i32.shl (local.get $p) (i32.const 3))) (local.get $jo))))
        (local.set $v0 (f64.div (f64.add (f64.mul (local.get $a) (local.get $x0)) (f64.mul (local.get $b) (local.get $x1))) (local.get $l00)))
        (f64.store (i32.add (local.get $r0) (local.get $jo)) (local.get $v0))
        (f64.store (i32.add (local.get $r1) (local.get $jo))
          (f64.div (f64.sub (f64.mul (local.get $c) (local.get $x1)) (f64.mul (local.get $l10) (local.get $v0))) (local.get $l11)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $jloop)))
      (local.set $i (i32.const 0))
      (block $idone (loop $iloop
        (br_if $idone (i32.ge_u (local.get $i) (local.get $p)))
        (local.set $u0 (f64.load (i32.add (local.get $r0) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $u1 (f64.load (i32.add (local.get $r1) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $at (i32.add (local.get $Rtc) (i32.shl (local.get $i) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
          (f64.add (f64.mul (local.get $u0) (local.get $c0)) (f64.mul (local.get $u1) (local.get $c1)))))
        (local.set $row (i32.add (local.get $RtR) (i32.shl (i32.mul (local.get $i) (local.get $p)) (i32.const 3))))
        (local.set $j (i32.const 0))
        (block $kdone (loop $kloop
          (br_if $kdone (i32.gt_u (local.get $j) (local.get $i)))
          (local.set $jo (i32.shl (local.get $j) (i32.const 3)))
          (local.set $at (i32.add (local.get $row) (local.get $jo)))
          (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
            (f64.add (f64.mul (local.get $u0) (f64.load (i32.add (local.get $r0) (local.get $jo))))
              (f64.mul (local.get $u1) (f64.load (i32.add (local.get $r1) (local.get $jo)))))))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br $kloop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $iloop)))
      (local.set $g (i32.add (local.get $g) (i32.const 1)))
      (br $gloop)))
    (f64.store (local.get $out) (local.get $cc))
    (f64.store offset=8 (local.get $out) (local.get $ld)))
)
