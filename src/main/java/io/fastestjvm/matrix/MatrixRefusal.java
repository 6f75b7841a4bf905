package io.fastestjvm.matrix;

/** Bad input to the matrix: one line naming the option and what it accepts; exit 2, nothing written. */
final class MatrixRefusal extends Exception {
    private static final long serialVersionUID = 1L;

    MatrixRefusal(final String line) {
        super(line);
    }
}
