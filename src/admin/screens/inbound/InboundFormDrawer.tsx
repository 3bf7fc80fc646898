/**
 * A new inbound order (spec 02 §3 'Inbound order'), or one to change while nothing of it was
 * received: the warehouse (required), transport mode, expected arrival, warehousing type,
 * shipping remark, and boxes with their SKUs and ship quantities, typed or filled from a box
 * list spreadsheet. Validated before sending against the shared contract (a bad quantity is
 * refused with its message, never corrected); a refusal stays above the form in the server's
 * words.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addInboundOrder, editInboundOrder } from '@api/modules/inbound.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import { inboundQuantity, type InboundDetail } from '@shared/contract/inbound.js';
import {
  INBOUND_LIMITS as LIMITS,
  type TransportMode,
  type WarehousingType,
} from '@shared/domain/inbound.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { contractRule, maxLength, required, requiredChoice } from '../common/rules.js';
import { WarehouseSelect } from '../inventory/shared.js';
import { BoxListExcel, type ImportedBoxes, type ImportMode } from './BoxListExcel.js';
import { rememberSkuLabel, SkuSelect, skuLabel, useTransportLabels, useWarehousingLabels } from './shared.js';

interface LineValues {
  skuId?: string;
  shipQuantity?: number;
}

interface BoxValues {
  boxNo?: string;
  lines: LineValues[];
}

interface InboundValues {
  warehouseId?: string;
  transportMode: TransportMode;
  expectedArrival?: Dayjs | null;
  warehousingType: WarehousingType;
  shippingRemark?: string;
  boxes: BoxValues[];
}

const NEW_LINE: LineValues = {};
const newBox = (index: number): BoxValues => ({ boxNo: `BOX-${index}`, lines: [{ ...NEW_LINE }] });
/** A box nobody filled in yet (the form's first box): appending an import drops it. */
const isBlankBox = (box: BoxValues) => box.lines.every((line) => !line.skuId && !line.shipQuantity);

const INITIAL: Partial<InboundValues> = {
  transportMode: 'land',
  warehousingType: 'normal',
  boxes: [newBox(1)],
};

/** The form's values of an order being changed. */
function valuesOf(order: InboundDetail): InboundValues {
  return {
    warehouseId: order.warehouseId,
    transportMode: order.transportMode,
    expectedArrival: order.expectedArrival ? dayjs(order.expectedArrival) : null,
    warehousingType: order.warehousingType,
    shippingRemark: order.shippingRemark,
    boxes: order.boxes.map((box) => ({
      boxNo: box.boxNo,
      lines: box.lines.map((line) => {
        rememberSkuLabel(line.skuId, skuLabel(line));
        return { skuId: line.skuId, shipQuantity: line.shipQuantity };
      }),
    })),
  };
}

export interface InboundFormDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The order to change; a new order when absent. */
  editing?: InboundDetail | null;
}

export function InboundFormDrawer({ open, onClose, editing = null }: InboundFormDrawerProps) {
  const { t } = useTranslation('inbound');
  const [form] = Form.useForm<InboundValues>();
  const add = useInventoryChange(addInboundOrder);
  const edit = useInventoryChange(editInboundOrder);
  const transport = useTransportLabels();
  const warehousing = useWarehousingLabels();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(valuesOf(editing));
  }, [open, form, editing]);

  const save = (values: InboundValues) => {
    const content = {
      warehouseId: values.warehouseId ?? null,
      transportMode: values.transportMode,
      expectedArrival: values.expectedArrival ? values.expectedArrival.toISOString() : null,
      warehousingType: values.warehousingType,
      shippingRemark: values.shippingRemark?.trim() ?? '',
      boxes: values.boxes.map((box) => ({
        boxNo: (box.boxNo ?? '').trim(),
        lines: box.lines.map((line) => ({ skuId: line.skuId ?? '', shipQuantity: line.shipQuantity ?? 0 })),
      })),
    };
    return editing ? edit.mutateAsync({ id: editing.id, ...content }) : add.mutateAsync(content);
  };
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(form, save, onClose);

  const fillBoxes = (imported: ImportedBoxes, mode: ImportMode): string | null => {
    const incoming: BoxValues[] = imported.map((box) => ({
      boxNo: box.boxNo,
      lines: box.lines.map((line) => {
        rememberSkuLabel(line.skuId, skuLabel({ ...line, productName: line.name }));
        return { skuId: line.skuId, shipQuantity: line.shipQuantity };
      }),
    }));
    const current = ((form.getFieldValue('boxes') as BoxValues[] | undefined) ?? []).filter(
      (box) => !isBlankBox(box),
    );
    const boxes = mode === 'replace' ? incoming : [...current, ...incoming];
    if (mode === 'append') {
      const taken = new Set(current.map((box) => (box.boxNo ?? '').trim()));
      const repeated = incoming.filter((box) => taken.has(box.boxNo ?? '')).map((box) => box.boxNo);
      if (repeated.length > 0) return t('excel.box_no_taken', { boxNos: repeated.slice(0, 10).join(', ') });
    }
    if (boxes.length > LIMITS.boxes) return t('excel.too_many_boxes', { max: LIMITS.boxes });
    form.setFieldValue('boxes', boxes);
    void form.validateFields([['boxes']]).catch(() => undefined);
    return null;
  };
  const close = () => {
    clearFailure();
    onClose();
  };

  return (
    <Drawer
      open={open}
      width={820}
      title={editing ? t('form.edit_title', { inboundNo: editing.inboundNo }) : t('form.title')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <FormFailure text={failure} />
      <Form form={form} name="inbound" layout="vertical" initialValues={INITIAL}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="warehouseId"
              label={t('list.warehouse')}
              rules={[{ required: true, message: t('form.warehouse_required') }]}
            >
              <WarehouseSelect placeholder={t('form.pick_warehouse')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="transportMode"
              label={t('list.transport_mode')}
              rules={[requiredChoice(t, t('list.transport_mode'))]}
            >
              <Select options={transport.options} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="expectedArrival" label={t('list.expected_arrival')}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="warehousingType"
              label={t('list.warehousing_type')}
              rules={[requiredChoice(t, t('list.warehousing_type'))]}
            >
              <Select options={warehousing.options} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="shippingRemark"
          label={t('list.shipping_remark')}
          rules={[maxLength(t, LIMITS.remark)]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <BoxListExcel onImport={fillBoxes} />
        <Form.List
          name="boxes"
          rules={[
            {
              validator: (_rule, boxes: unknown[] | undefined) =>
                boxes && boxes.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.box_required'))),
            },
          ]}
        >
          {(boxes, { add: addBox, remove: removeBox }, { errors }) => (
            <>
              {boxes.map((box, index) => (
                <Card
                  key={box.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={t('form.box_title', { index: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('form.remove_box')}
                      onClick={() => removeBox(box.name)}
                    />
                  }
                >
                  <Form.Item
                    name={[box.name, 'boxNo']}
                    label={t('form.box_no')}
                    rules={[required(t, t('form.box_no')), maxLength(t, LIMITS.boxNo)]}
                  >
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.List name={[box.name, 'lines']}>
                    {(lines, { add: addLine, remove: removeLine }) => (
                      <>
                        {lines.map((line) => (
                          <Space key={line.key} align="start" style={{ display: 'flex' }}>
                            <Form.Item name={[line.name, 'skuId']} rules={[requiredChoice(t, t('form.sku'))]}>
                              <SkuSelect style={{ width: 420 }} aria-label={t('form.sku')} />
                            </Form.Item>
                            <Form.Item
                              name={[line.name, 'shipQuantity']}
                              rules={[
                                requiredChoice(t, t('form.ship_quantity')),
                                contractRule(t, inboundQuantity, t('form.ship_quantity')),
                              ]}
                            >
                              <InputNumber
                                placeholder={t('form.ship_quantity')}
                                aria-label={t('form.ship_quantity')}
                                style={{ width: 140 }}
                              />
                            </Form.Item>
                            <Button
                              type="text"
                              icon={<DeleteOutlined />}
                              aria-label={t('form.remove_sku')}
                              disabled={lines.length <= 1}
                              onClick={() => removeLine(line.name)}
                            />
                          </Space>
                        ))}
                        {lines.length < LIMITS.linesPerBox && (
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            onClick={() => addLine({ ...NEW_LINE })}
                          >
                            {t('form.add_sku')}
                          </Button>
                        )}
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              {boxes.length < LIMITS.boxes && (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => addBox(newBox(boxes.length + 1))}
                >
                  {t('form.add_box')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
