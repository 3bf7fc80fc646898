/**
 * The feedback pages (/shopee/orderFeedbackSeller, /shopee/orderFeedback): the queue, the
 * chosen order's conversation oldest first with who wrote each note, replies that ask the other
 * side (or need no answer), 'Mark handled', and what a viewer without the permission, or an
 * order they may not see, gets.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrderFeedback } from '@admin/screens/questions/OrderFeedback.js';
import type { OrderConversation, QuestionRow } from '@shared/contract/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const ORDER_ID = '00000000-0000-4000-8000-00000000a001';
const OTHER_ID = '00000000-0000-4000-8000-00000000a002';
const SELLER_ID = '00000000-0000-4000-8000-00000000c001';

const note = (id: string, overrides: Partial<QuestionRow>): QuestionRow => ({
  id,
  orderId: ORDER_ID,
  ordersn: 'DEMOSH240003',
  sellerId: SELLER_ID,
  note: '',
  questionFlag: 0,
  createTime: '2026-11-21T08:00:00.000Z',
  authorName: 'Walter Warehouse',
  authorSide: 'warehouse',
  ...overrides,
});

const asked = note('q1', {
  note: 'EB-WHITE is short. Ship EB-BLACK instead?',
  questionFlag: 1,
  createTime: '2026-11-21T08:00:00.000Z',
});
const earlier = note('q0', {
  note: 'Please add a gift note.',
  questionFlag: 0,
  createTime: '2026-11-20T08:00:00.000Z',
  authorName: 'Sam Seller',
  authorSide: 'seller',
});
const other = note('q9', {
  orderId: OTHER_ID,
  ordersn: 'DEMOLA240001',
  note: 'Which size?',
  questionFlag: 1,
});

const conversations: Record<string, OrderConversation> = {
  DEMOSH240003: {
    ordersn: 'DEMOSH240003',
    order: {
      id: ORDER_ID,
      orderNo: 'DEMOSH240003',
      systemNo: 'SO20261121000003',
      sellerId: SELLER_ID,
      sellerName: 'Sam Seller',
      warehouseCode: 'DG01',
      localStatus: 'pending_shipment',
    },
    candidates: [],
    notes: [earlier, asked],
  },
  DEMOLA240001: {
    ordersn: 'DEMOLA240001',
    order: {
      id: OTHER_ID,
      orderNo: 'DEMOLA240001',
      systemNo: 'SO20261121000001',
      sellerId: SELLER_ID,
      sellerName: 'Sam Seller',
      warehouseCode: 'DG01',
      localStatus: 'to_review',
    },
    candidates: [],
    notes: [other],
  },
};

const listQueries: URLSearchParams[] = [];
const added: unknown[] = [];
const flagged: unknown[] = [];

useApiServer(
  http.get(api('/orderNoteRec/list'), ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return ok(pageOf([asked, other, earlier], 3));
  }),
  http.get(api('/orderNoteRec/queryByOrder'), ({ request }) => {
    const ordersn = new URL(request.url).searchParams.get('ordersn') ?? '';
    const found = conversations[ordersn];
    return found ? ok(found) : failure(404, 'order.not_found', 'No order information found');
  }),
  http.post(api('/orderNoteRec/add'), async ({ request }) => {
    added.push(await request.json());
    return ok({ ...asked, id: 'q2' }, 'Added');
  }),
  http.put(api('/orderNoteRec/updateQuestionFlag'), async ({ request }) => {
    flagged.push(await request.json());
    return ok({ ...asked, questionFlag: 0 }, 'Updated');
  }),
);

function open(role: UserRole, route: string, codes = [PERMISSIONS.orderQuestion]) {
  listQueries.length = 0;
  added.length = 0;
  flagged.length = 0;
  signIn(role, codes);
  return renderWithProviders(<OrderFeedback />, { route });
}

describe('the seller’s feedback page', () => {
  it('shows the queue (waiting for me first) and the linked order’s whole conversation, oldest first', async () => {
    open('seller', '/shopee/orderFeedbackSeller?ordersn=DEMOSH240003');
    expect(await screen.findByText('Conversation on order DEMOSH240003')).toBeTruthy();
    expect(await screen.findByText('Order DEMOSH240003')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('question-note')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('question-note');
    if (!first || !second) throw new Error('notes missing');
    expect(within(first).getByText('Sam Seller')).toBeTruthy();
    expect(within(first).getByText('Seller')).toBeTruthy();
    expect(within(first).getByText('Handled')).toBeTruthy();
    expect(within(second).getByText('Walter Warehouse')).toBeTruthy();
    expect(within(second).getByText('Waiting for you')).toBeTruthy();
    expect(within(second).getByText('EB-WHITE is short. Ship EB-BLACK instead?')).toBeTruthy();
    // The queue asks for what waits for the seller first.
    expect(listQueries[0]?.get('status')).toBe('pending');
    expect(screen.getAllByText('DEMOLA240001').length).toBeGreaterThan(0);
    // A seller sees no seller column; the order's warehouse and status are shown.
    expect(screen.getByText('Warehouse: DG01')).toBeTruthy();
    expect(screen.getByText('Pending shipment')).toBeTruthy();
    expect(screen.queryByText(/^Seller: /)).toBeNull();
  });

  it('replies asking the warehouse (flag 2), or with a note that needs no answer (flag 0)', async () => {
    open('seller_staff', '/shopee/orderFeedbackSeller?ordersn=DEMOSH240003');
    const box = await screen.findByPlaceholderText('Ask the warehouse, or answer their question');
    expect(screen.getByRole('checkbox', { name: 'Needs an answer from the warehouse' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Yes, ship EB-BLACK.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      ordersn: 'DEMOSH240003',
      orderId: ORDER_ID,
      note: 'Yes, ship EB-BLACK.',
      questionFlag: 2,
    });
    expect(await screen.findByText('Added')).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByPlaceholderText('Ask the warehouse, or answer their question') as HTMLTextAreaElement)
          .value,
      ).toBe(''),
    );

    // Resetting the form after sending mounts a fresh text box (antd's resetFields).
    fireEvent.change(screen.getByPlaceholderText('Ask the warehouse, or answer their question'), {
      target: { value: 'Thanks!' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Needs an answer from the warehouse' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(added).toHaveLength(2));
    expect(added[1]).toMatchObject({ note: 'Thanks!', questionFlag: 0 });
  });

  it('marks a question waiting for the seller handled', async () => {
    open('seller', '/shopee/orderFeedbackSeller?ordersn=DEMOSH240003');
    const handled = await screen.findByRole('button', { name: 'Mark handled' });
    fireEvent.click(handled);
    await waitFor(() => expect(flagged).toEqual([{ id: 'q1', questionFlag: 0 }]));
  });

  it('opens another order’s conversation from the queue, and filters the queue', async () => {
    open('seller', '/shopee/orderFeedbackSeller');
    expect(
      await screen.findByText('Choose a question to see the whole conversation on its order'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByText('Which size?'));
    expect(await screen.findByText('Conversation on order DEMOLA240001')).toBeTruthy();
    expect(await screen.findByText('Order DEMOLA240001')).toBeTruthy();

    fireEvent.click(screen.getByText('Handled', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('handled'));
    fireEvent.click(screen.getByText('All', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(listQueries.at(-1)?.has('status')).toBe(false));
    const search = screen.getByLabelText('Order number');
    fireEvent.change(search, { target: { value: 'LA24' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries.at(-1)?.get('ordersn')).toBe('LA24'));
  });
});

describe('the other side’s feedback page', () => {
  it('asks the seller (flag 1) and shows whose order it is', async () => {
    open('ware_manager', '/shopee/orderFeedback?ordersn=DEMOSH240003');
    expect(await screen.findByText('Seller: Sam Seller')).toBeTruthy();
    const box = await screen.findByPlaceholderText('Ask the seller, or answer their question');
    expect(screen.getByRole('checkbox', { name: 'Needs an answer from the seller' })).toBeTruthy();
    // The warehouse's own question waits for the seller, not for the viewer.
    const own = screen.getAllByTestId('question-note')[1];
    if (!own) throw new Error('note missing');
    expect(within(own).getByText('Waiting for the seller')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark handled' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(added).toEqual([expect.objectContaining({ questionFlag: 1 })]));
  });

  it('reads without writing when the permission is missing', async () => {
    open('customer_service', '/shopee/orderFeedback?ordersn=DEMOSH240003', []);
    await waitFor(() => expect(screen.getAllByTestId('question-note')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark handled' })).toBeNull();
  });

  it('says when the order is not one the viewer may see', async () => {
    open('agent_manager', '/shopee/orderFeedback?ordersn=SOMEONE-ELSES');
    expect(await screen.findByText('No order information found')).toBeTruthy();
  });

  it('asks which order when several share the number', async () => {
    const base = conversations.DEMOSH240003;
    if (!base?.order) throw new Error('fixture missing');
    conversations.SHARED = {
      ordersn: 'SHARED',
      order: null,
      candidates: [
        base.order,
        { ...base.order, id: OTHER_ID, sellerName: 'Sara Seller', warehouseCode: 'BKK1' },
      ],
      notes: [],
    };
    open('agent_manager', '/shopee/orderFeedback?ordersn=SHARED');
    expect(await screen.findByText('Several orders have the number SHARED: choose one')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
