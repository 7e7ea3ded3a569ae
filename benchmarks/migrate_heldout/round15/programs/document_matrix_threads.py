"""Document classification on whole files: each text file holds a label line and rows of token ids; it is read
whole (`WholeFileReader`), split into lines and tokens with two `string_split`s, densified with
`sparse_to_dense`, padded to a fixed `[rows, cols]` shape, and batched by four threads.
"""

import os

import tensorflow.compat.v1 as tf

DOC_SHAPE = (4, 5)
NUM_DOCS = 13


def write_documents(data_dir):
    out_dir = os.path.join(data_dir, "h15_document_matrix")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for d in range(NUM_DOCS):
        rows = []
        for r in range(1 + d % DOC_SHAPE[0]):
            rows.append(" ".join(str(1 + (d * 5 + r * 3 + c) % 50) for c in range(1 + (d + r) % DOC_SHAPE[1])))
        path = os.path.join(out_dir, "doc-%03d.txt" % d)
        with open(path, "w") as f:
            f.write("%d\n%s\n" % (d % 3, "\n".join(rows)))
        paths.append(path)
    return paths


def parse_document(text, doc_shape):
    with tf.name_scope("parse_document"):
        lines = tf.string_split([text], delimiter="\n").values
        label = tf.string_to_number(lines[0], out_type=tf.int32)
        raw_nums = tf.string_split(lines[1:], delimiter=" ")
        nums = tf.string_to_number(raw_nums.values, out_type=tf.int32)
        dense = tf.sparse_to_dense(raw_nums.indices, raw_nums.dense_shape, nums, default_value=0)
        shape = tf.shape(dense)
        dense = tf.pad(dense, [[0, doc_shape[0] - shape[0]], [0, doc_shape[1] - shape[1]]], "CONSTANT")
        dense.set_shape(doc_shape)
    return dense, label


def read_input_tuple(filename_queue, doc_shape):
    with tf.name_scope("read_input_tuple"):
        reader = tf.WholeFileReader()
        _, text = reader.read(filename_queue)
        return parse_document(text, doc_shape)


def input_batches(files, batch_size, num_threads=4):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    doc, label = read_input_tuple(filename_queue, DOC_SHAPE)
    return tf.train.batch([doc, label], batch_size=batch_size, num_threads=num_threads,
                          capacity=batch_size * (num_threads + 1), allow_smaller_final_batch=True)


def main(data_dir):
    docs, labels = input_batches(write_documents(data_dir), batch_size=4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, l = sess.run([docs, labels])
                batches.append([d.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
