;; The two costly steps of a right-looking blocked Cholesky factorisation, in WebAssembly with 128-bit SIMD (two
;; doubles per vector): the trailing update A −= P Pᵀ on the lower triangle (syrk) and the triangular solve of the
;; panel below each diagonal block (trsm). Built into `syrk-wasm.ts` by `npm run build:wasm`
;; (scripts/build-wasm.mjs, with wabt); `kernels.test.ts` checks that the committed bytes are this source's.
;;
;; syrk(A, lda, PT, mp, w, k1), all addresses in bytes:
;;   A   row-major matrix with leading dimension lda (doubles);
;;   PT  the panel transposed, w rows of mp doubles: PT[k·mp + i] = L[k1 + i, k0 + k];
;;   for every 4 × 4 tile (i0, j0) with i0 ≥ j0, 0 ≤ i0, j0 < mp (mp a multiple of 4):
;;     A[(k1 + i)·lda + k1 + j] −= Σ_k PT[k·mp + i] · PT[k·mp + j],   i ∈ i0..i0+3, j ∈ j0..j0+3.
;; Each tile keeps eight f64x2 sums (rows i0..i0+3 × the column pairs j0, j0+2): per step of k two vector loads of
;; the columns, four broadcast loads of the rows, eight multiplies and eight adds. The sums run over k in order, so
;; the rounding is that of a scalar loop over k. Tiles that straddle the diagonal also write above it; the caller
;; clears the upper triangle at the end.
(module
  (memory (export "memory") 1)

  (func (export "syrk") (param $A i32) (param $lda i32) (param $PT i32) (param $mp i32) (param $w i32) (param $k1 i32)
    (local $i0 i32) (local $j0 i32) (local $k i32) (local $pk i32) (local $pj i32) (local $pi i32) (local $stride i32) (local $row i32)
    (local $b0 v128) (local $b1 v128) (local $a v128)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128) (local $c4 v128) (local $c5 v128) (local $c6 v128) (local $c7 v128)
    (local.set $stride (i32.shl (local.get $mp) (i32.const 3)))
    (local.set $j0 (i32.const 0))
    (block $jdone (loop $jloop
      (br_if $jdone (i32.ge_u (local.get $j0) (local.get $mp)))
      (local.set $i0 (local.get $j0))
      (block $idone (loop $iloop
        (br_if $idone (i32.ge_u (local.get $i0) (local.get $mp)))
        (local.set $c0 (v128.const f64x2 0 0)) (local.set $c1 (v128.const f64x2 0 0))
        (local.set $c2 (v128.const f64x2 0 0)) (local.set $c3 (v128.const f64x2 0 0))
        (local.set $c4 (v128.const f64x2 0 0)) (local.set $c5 (v128.const f64x2 0 0))
        (local.set $c6 (v128.const f64x2 0 0)) (local.set $c7 (v128.const f64x2 0 0))
        (local.set $pj (i32.add (local.get $PT) (i32.shl (local.get $j0) (i32.const 3))))
        (local.set $pi (i32.add (local.get $PT) (i32.shl (local.get $i0) (i32.const 3))))
        (local.set $k (local.get $w))
        (block $kdone (loop $kloop
          (br_if $kdone (i32.eqz (local.get $k)))
          (local.set $b0 (v128.load (local.get $pj)))
          (local.set $b1 (v128.load offset=16 (local.get $pj)))
          (local.set $a (v128.load64_splat (local.get $pi)))
          (local.set $c0 (f64x2.add (local.get $c0) (f64x2.mul (local.get $a) (local.get $b0))))
          (local.set $c1 (f64x2.add (local.get $c1) (f64x2.mul (local.get $a) (local.get $b1))))
          (local.set $a (v128.load64_splat offset=8 (local.get $pi)))
          (local.set $c2 (f64x2.add (local.get $c2) (f64x2.mul (local.get $a) (local.get $b0))))
          (local.set $c3 (f64x2.add (local.get $c3) (f64x2.mul (local.get $a) (local.get $b1))))
          (local.set $a (v128.load64_splat offset=16 (local.get $pi)))
          (local.set $c4 (f64x2.add (local.get $c4) (f64x2.mul (local.get $a) (local.get $b0))))
          (local.set $c5 (f64x2.add (local.get $c5) (f64x2.mul (local.get $a) (local.get $b1))))
          (local.set $a (v128.load64_splat offset=24 (local.get $pi)))
          (local.set $c6 (f64x2.add (local.get $c6) (f64x2.mul (local.get $a) (local.get $b0))))
          (local.set $c7 (f64x2.add (local.get $c7) (f64x2.mul (local.get $a) (local.get $b1))))
          (local.set $pj (i32.add (local.get $pj) (local.get $stride)))
          (local.set $pi (i32.add (local.get $pi) (local.get $stride)))
          (local.set $k (i32.sub (local.get $k) (i32.const 1)))
          (br $kloop)))
        ;; row = A + ((k1 + i0) * lda + k1 + j0) * 8
        (local.set $row (i32.add (local.get $A) (i32.shl (i32.add (i32.mul (i32.add (local.get $k1) (local.get $i0)) (local.get $lda)) (i32.add (local.get $k1) (local.get $j0))) (i32.const 3))))
        (v128.store (local.get $row) (f64x2.sub (v128.load (local.get $row)) (local.get $c0)))
        (v128.store offset=16 (local.get $row) (f64x2.sub (v128.load offset=16 (local.get $row)) (local.get $c1)))
        (local.set $row (i32.add (local.get $row) (i32.shl (local.get $lda) (i32.const 3))))
        (v128.store (local.get $row) (f64x2.sub (v128.load (local.get $row)) (local.get $c2)))
        (v128.store offset=16 (local.get $row) (f64x2.sub (v128.load offset=16 (local.get $row)) (local.get $c3)))
        (local.set $row (i32.add (local.get $row) (i32.shl (local.get $lda) (i32.const 3))))
        (v128.store (local.get $row) (f64x2.sub (v128.load (local.get $row)) (local.get $c4)))
        (v128.store offset=16 (local.get $row) (f64x2.sub (v128.load offset=16 (local.get $row)) (local.get $c5)))
        (local.set $row (i32.add (local.get $row) (i32.shl (local.get $lda) (i32.const 3))))
        (v128.store (local.get $row) (f64x2.sub (v128.load (local.get $row)) (local.get $c6)))
        (v128.store offset=16 (local.get $row) (f64x2.sub (v128.load offset=16 (local.get $row)) (local.get $c7)))
        (local.set $i0 (i32.add (local.get $i0) (i32.const 4)))
        (br $iloop)))
      (local.set $j0 (i32.add (local.get $j0) (i32.const 4)))
      (br $jloop)))
  )

  ;; trsm(PT, mp, w, L, lda): the panel's forward substitution, on all its rows at once. PT holds the panel transposed
  ;; (w rows of mp doubles, mp a multiple of 4); L addresses the w × w diagonal factor inside A (leading dimension lda).
  ;; For c = 0 … w − 1: PT[c] −= L[c, e] · PT[e] for e = 0 … c − 1 in order, then PT[c] /= L[c, c]: per entry the
  ;; operations of the scalar loop, in its order. Rows are taken in chunks of 128 so a chunk of PT stays in cache.
  (func (export "trsm") (param $PT i32) (param $mp i32) (param $w i32) (param $L i32) (param $lda i32)
    (local $r0 i32) (local $len i32) (local $c i32) (local $e i32) (local $rc i32) (local $re i32) (local $i i32)
    (local $stride i32) (local $l v128) (local $lrow i32)
    (local.set $stride (i32.shl (local.get $mp) (i32.const 3)))
    (local.set $r0 (i32.const 0))
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r0) (local.get $mp)))
      (local.set $len (i32.sub (local.get $mp) (local.get $r0)))
      (if (i32.gt_u (local.get $len) (i32.const 128)) (then (local.set $len (i32.const 128))))
      (local.set $len (i32.shl (local.get $len) (i32.const 3)))
      (local.set $c (i32.const 0))
      (block $cdone (loop $cloop
        (br_if $cdone (i32.ge_u (local.get $c) (local.get $w)))
        (local.set $rc (i32.add (local.get $PT) (i32.add (i32.mul (local.get $c) (local.get $stride)) (i32.shl (local.get $r0) (i32.const 3)))))
        (local.set $lrow (i32.add (local.get $L) (i32.shl (i32.mul (local.get $c) (local.get $lda)) (i32.const 3))))
        (local.set $e (i32.const 0))
        (block $edone (loop $eloop
          (br_if $edone (i32.ge_u (local.get $e) (local.get $c)))
          (local.set $l (v128.load64_splat (i32.add (local.get $lrow) (i32.shl (local.get $e) (i32.const 3)))))
          (local.set $re (i32.add (local.get $PT) (i32.add (i32.mul (local.get $e) (local.get $stride)) (i32.shl (local.get $r0) (i32.const 3)))))
          (local.set $i (i32.const 0))
          (block $idone (loop $iloop
            (br_if $idone (i32.ge_u (local.get $i) (local.get $len)))
            (v128.store (i32.add (local.get $rc) (local.get $i))
              (f64x2.sub (v128.load (i32.add (local.get $rc) (local.get $i))) (f64x2.mul (local.get $l) (v128.load (i32.add (local.get $re) (local.get $i))))))
            (v128.store offset=16 (i32.add (local.get $rc) (local.get $i))
              (f64x2.sub (v128.load offset=16 (i32.add (local.get $rc) (local.get $i))) (f64x2.mul (local.get $l) (v128.load offset=16 (i32.add (local.get $re) (local.get $i))))))
            (local.set $i (i32.add (local.get $i) (i32.const 32)))
            (br $iloop)))
          (local.set $e (i32.add (local.get $e) (i32.const 1)))
          (br $eloop)))
        (local.set $l (v128.load64_splat (i32.add (local.get $lrow) (i32.shl (local.get $c) (i32.const 3)))))
        (local.set $i (i32.const 0))
        (block $ddone (loop $dloop
          (br_if $ddone (i32.ge_u (local.get $i) (local.get $len)))
          (v128.store (i32.add (local.get $rc) (local.get $i)) (f64x2.div (v128.load (i32.add (local.get $rc) (local.get $i))) (local.get $l)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $dloop)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $cloop)))
      (local.set $r0 (i32.add (local.get $r0) (i32.const 128)))
      (br $rloop)))
  )
)
