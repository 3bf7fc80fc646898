/**
 * The count screen's lists for the open location: the SKUs the books have there (never how many
 * units), each counted, none here or not counted yet, and what was found that the books do not
 * have there. The screen keeps the counts and what each button does.
 */
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CountExpectedSku } from '@shared/contract/counts.js';
import type { SkuData } from '../reference/skus.js';
import type { Counted } from './count-data.js';

/** The SKUs the books have on the location; one not counted yet offers 'None here'. */
export function ExpectedSkus({
  expected,
  counted,
  left,
  onNoneHere,
}: {
  expected: CountExpectedSku[];
  counted: Counted;
  left: number;
  onNoneHere: (sku: CountExpectedSku) => void;
}) {
  const { t } = useTranslation();
  return (
    <List
      header={
        <span data-testid="expected-summary">
          {t('count.expectedSummary', { count: expected.length, left })}
        </span>
      }
    >
      {expected.map((sku) => {
        const quantity = counted[sku.skuId];
        return (
          <List.Item
            key={sku.skuId}
            description={
              <span data-testid={`expected-${sku.sellerSku}`}>
                {quantity === undefined
                  ? t('count.notCountedYet')
                  : quantity === 0
                    ? t('count.noneHere')
                    : t('count.countedState')}
              </span>
            }
            extra={
              quantity === undefined ? (
                <Button
                  size="small"
                  aria-label={t('count.noneHereOf', { sku: sku.sellerSku })}
                  onClick={() => onNoneHere(sku)}
                >
                  {t('count.noneHere')}
                </Button>
              ) : (
                <span className="pda-count" data-testid={`counted-${sku.sellerSku}`}>
                  {quantity}
                </span>
              )
            }
          >
            {`${sku.sellerSku} ${sku.name}`.trim()}
          </List.Item>
        );
      })}
    </List>
  );
}

/** What was counted on the location that the books do not have there (or all of it, when they have nothing). */
export function FoundElse({
  hasExpected,
  locationCode,
  foundElse,
  counted,
  skus,
}: {
  hasExpected: boolean;
  locationCode: string;
  foundElse: string[];
  counted: Counted;
  skus: ReadonlyMap<string, SkuData>;
}) {
  const { t } = useTranslation();
  const skuName = (skuId: string) => {
    const sku = skus.get(skuId);
    return sku ? `${sku.sellerSku} ${sku.name}`.trim() : skuId.slice(0, 8);
  };
  return (
    <List
      header={t(hasExpected ? 'count.foundElseHeader' : 'count.itemsHeader', {
        location: locationCode,
      })}
    >
      {foundElse.length === 0 && <List.Item>{t('count.nothingYet')}</List.Item>}
      {foundElse.map((skuId) => (
        <List.Item
          key={skuId}
          extra={
            <span className="pda-count" data-testid={`counted-${skus.get(skuId)?.sellerSku ?? skuId}`}>
              {counted[skuId]}
            </span>
          }
        >
          {skuName(skuId)}
        </List.Item>
      ))}
    </List>
  );
}
