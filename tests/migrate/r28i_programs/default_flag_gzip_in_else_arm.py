"""The flag defaulted in the signature, the GZIP reader in the `else` arm, three lists of one helper."""
import os

import tensorflow.compat.v1 as v1

from r28i_lib.archives import write_shards


def parse(queue_files, tag, plain=False):
    q = v1.train.string_input_producer(queue_files, num_epochs=1, shuffle=False)
    if plain:
        rdr = v1.TFRecordReader()
    else:
        rdr = v1.TFRecordReader(options=v1.python_io.TFRecordOptions(
            compression_type=v1.python_io.TFRecordCompressionType.GZIP))
    _, rec = rdr.read(q)
    ex = v1.parse_single_example(rec, {'idx': v1.FixedLenFeature([], v1.int64)})
    return [ex['idx'] + tag]


def main(data_dir):
    root = os.path.join(data_dir, 'r28i_default_flag')
    write_shards(root, 'p', 0, 4, gzip=False)
    write_shards(root, 'z', 20, 4, gzip=True)
    write_shards(root, 'y', 40, 6, gzip=True)
    made = [parse(sorted(v1.gfile.Glob(os.path.join(root, 'p_*.rec'))), 1000, plain=True),
            parse(sorted(v1.gfile.Glob(os.path.join(root, 'z_*.rec'))), 2000),
            parse(sorted(v1.gfile.Glob(os.path.join(root, 'y_*.rec'))), 3000, False)]
    batch = v1.train.batch_join(made, batch_size=4, capacity=12, allow_smaller_final_batch=True)
    out = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except v1.errors.OutOfRangeError:
            end = 'done'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
