"""Train and eval pipelines built by one helper in one graph (the same op names under two name scopes);
the loop runs an eval batch every second train step and ends when the train input runs out."""
import os

import tensorflow as tf

v1 = tf.compat.v1
v1.disable_eager_execution()


class Config(object):
    train_files = ['shipments-0.csv', 'shipments-1.csv']
    eval_files = ['shipments-eval.csv']
    batch_size = 3
    eval_every = 2
    defaults = [[0], [''], [0.0], [0.0]]


def write_tables(folder, cfg):
    os.makedirs(folder, exist_ok=True)
    n = 0
    for name, rows in zip(cfg.train_files + cfg.eval_files, (6, 5, 4)):
        with open(os.path.join(folder, name), 'w') as f:
            f.write('id,port,weight_t,distance_km\n')
            for _ in range(rows):
                f.write('%d,%s,%.1f,%.0f\n' % (n, ['RTM', 'HAM', 'ANR'][n % 3], 2 + n * 0.7, 100 + 35 * n))
                n += 1


def build_pipeline(files, scope, cfg, num_epochs=None):
    with v1.name_scope(scope):
        queue = v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False, name='files')
        reader = v1.TextLineReader(skip_header_lines=1, name='reader')
        _, line = reader.read(queue)
        ship_id, port, weight, distance = v1.decode_csv(line, cfg.defaults, name='decode')
        cost = weight * distance * 0.01
        return v1.train.batch([ship_id, port, cost], cfg.batch_size, allow_smaller_final_batch=True,
                              name='batch')


def main(data_dir):
    cfg = Config()
    folder = os.path.join(data_dir, 'h24_shipments_train_eval_interleaved_name_reuse')
    write_tables(folder, cfg)
    train_batch = build_pipeline([os.path.join(folder, f) for f in cfg.train_files], 'train', cfg, 1)
    eval_batch = build_pipeline([os.path.join(folder, f) for f in cfg.eval_files], 'eval', cfg)

    def as_rows(kind, values):
        ids, ports, costs = values
        return {'kind': [kind] * len(ids), 'id': ids.tolist(), 'port': [p.decode() for p in ports],
                'cost': [round(float(c), 3) for c in costs]}

    batches = []
    sess = v1.Session()
    sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
    coord = v1.train.Coordinator()
    threads = v1.train.start_queue_runners(sess, coord)
    step = 0
    end = 'steps'
    try:
        while not coord.should_stop():
            batches.append(as_rows('train', sess.run(train_batch)))
            step += 1
            if step % cfg.eval_every == 0:
                batches.append(as_rows('eval', sess.run(eval_batch)))
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError after %d steps' % step
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
